// The SKOS dump in its two serialisations, Turtle (n3's writer) and JSON-LD (the compact form
// of the same quads, skos.ts), written side by side from one pass over the vocabulary's quads:
// each group of quads is made once and goes to both files, which are streamed group by group.
// (Written one after the other, every quad, the thesaurus and the concepts' URIs were made
// twice.)
import { type Quad, Writer } from 'n3';
import { compactNode, compactNodeJson, RDF_PREFIXES, type SkosGroup, SKOS_JSONLD_CONTEXT } from './skos.ts';
import type { StreamedFile } from '../publish/write-output.ts';

/** Turtle through n3's writer, handed back group by group as the writer writes it. */
class TurtleText {
  readonly #chunks: string[] = [];
  readonly #writer = new Writer(
    {
      write: (chunk: string, _encoding?: string, done?: () => void) => {
        this.#chunks.push(chunk);
        done?.();
      },
      end: (done?: () => void) => done?.(),
    },
    { prefixes: RDF_PREFIXES, end: false },
  );

  /** The text of a group (with the prefixes before the first). */
  add(group: Quad[]): string {
    this.#writer.addQuads(group);
    return this.#taken();
  }

  /** What the writer still holds (the last statement's end). */
  async end(): Promise<string> {
    await new Promise<void>((resolve, reject) => this.#writer.end((error) => (error ? reject(error) : resolve())));
    return this.#taken();
  }

  #taken(): string {
    return this.#chunks.splice(0).join('');
  }
}

const nodeText = (quads: readonly Quad[]) => JSON.stringify(compactNode(quads));

/** JSON-LD: `{ "@context": ..., "@graph": [ node, ... ] }`, one node per subject. */
class JsonLdText {
  #first = true;

  head(): string {
    return `{"@context":${JSON.stringify(SKOS_JSONLD_CONTEXT)},"@graph":[`;
  }

  /** The nodes of a group, a node per subject in the order the subjects come. */
  add(group: readonly Quad[]): string {
    const bySubject = new Map<string, Quad[]>();
    for (const q of group) {
      const quads = bySubject.get(q.subject.value);
      if (quads) quads.push(q);
      else bySubject.set(q.subject.value, [q]);
    }
    // A concept's group is one subject: its node was made for its own file already (concept-rdf.ts).
    const nodes = bySubject.size === 1 ? [compactNodeJson(group)] : [...bySubject.values()].map(nodeText);
    let text = '';
    for (const node of nodes) {
      text += `${this.#first ? '' : ','}\n${node}`;
      this.#first = false;
    }
    return text;
  }

  tail(): string {
    return '\n]}\n';
  }
}

/**
 * Both files of the dump from `groups` (skosGroups), a group at a time. `onGroup` is given each
 * group with its Turtle text before the group's text is written (the concept files: concept-rdf.ts).
 */
export async function writeSkos(
  groups: Iterable<SkosGroup> | AsyncIterable<SkosGroup>,
  turtle: StreamedFile,
  jsonLd: StreamedFile,
  onGroup: (group: SkosGroup, turtleText: string) => Promise<void> = async () => undefined,
): Promise<void> {
  const turtleText = new TurtleText();
  const jsonLdText = new JsonLdText();
  await jsonLd.write(jsonLdText.head());
  for await (const group of groups) {
    const { quads } = group;
    const turtleChunk = turtleText.add(quads);
    await onGroup(group, turtleChunk);
    if (turtleChunk.length > 0) await turtle.write(turtleChunk);
    const jsonLdChunk = jsonLdText.add(quads);
    if (jsonLdChunk.length > 0) await jsonLd.write(jsonLdChunk);
  }
  const turtleEnd = await turtleText.end();
  if (turtleEnd.length > 0) await turtle.write(turtleEnd);
  await jsonLd.write(jsonLdText.tail());
}
