// html-validate with one configuration for every page. Its StaticConfigLoader merges and resolves
// the configuration again for each validateString call (a new Config, html5 element metadata
// rebuilt): two thirds of the time over the site's 1,500 pages. The pages share one
// configuration, so it is resolved once; the rules, the parser and the report stay per page (a
// new Engine each time, as html-validate makes it), and the element metadata it hands a parser
// is a copy (MetaTable.getMetaFor), so no page sees another's state.
import { type ConfigData, HtmlValidate, type ResolvedConfig, StaticConfigLoader } from 'html-validate';

class ResolvedOnce extends StaticConfigLoader {
  #resolved: ResolvedConfig | Promise<ResolvedConfig> | undefined;

  override getConfigFor(handle: string, configOverride?: ConfigData): ResolvedConfig | Promise<ResolvedConfig> {
    // An override per call (none here) is resolved the library's way.
    if (configOverride) return super.getConfigFor(handle, configOverride);
    this.#resolved ??= super.getConfigFor(handle);
    return this.#resolved;
  }
}

/** A validator for many pages under one configuration (html-validate's API, its results). */
export function pageValidator(config: ConfigData): HtmlValidate {
  return new HtmlValidate(new ResolvedOnce(config));
}
