// The index page's script, run in the reader's browser: shows the search and filter form (the
// page without it is the plain list), asks the public list endpoint which terms match `q` (so
// the page finds exactly what the API finds), and hides the others. Everything it needs comes
// from `data-` attributes; the filters are kept in the address, so a filtered list can be shared.
import type { Locale } from '../../../src/contract/facts.ts';
import { formatNumber } from './number-format.ts';

interface ListPage {
  data: { slug: string }[];
  meta: { total: number };
}

class SearchError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** What index-page.ts writes on the form as data- attributes: the list endpoint and the texts. */
interface FormSettings {
  api: string;
  locale: string;
  showing: string;
  failed: string;
  rateLimited: string;
}

/** The form's settings; a page without one of them keeps the plain list (the form stays hidden). */
function formSettings(form: HTMLFormElement): FormSettings {
  const read = (name: keyof FormSettings): string => {
    const value = form.dataset[name];
    if (value === undefined) throw new Error(`the filter form has no dataset.${name}`);
    return value;
  };
  return {
    api: read('api'),
    locale: read('locale'),
    showing: read('showing'),
    failed: read('failed'),
    rateLimited: read('rateLimited'),
  };
}

class IndexFilter {
  private readonly settings: FormSettings;
  private readonly locale: Locale;
  private readonly q: HTMLInputElement;
  private readonly pillar: HTMLSelectElement;
  private readonly tradition: HTMLSelectElement;
  private readonly status: HTMLElement;
  private readonly items = [...document.querySelectorAll<HTMLLIElement>('li[data-slug]')];
  private readonly sections = [...document.querySelectorAll<HTMLElement>('section.letter')];
  /** The slugs the last search found; null: no search. */
  private matches: Set<string> | null = null;
  private message = '';
  private searchNumber = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly form: HTMLFormElement) {
    this.settings = formSettings(form);
    this.locale = this.settings.locale === 'bg' ? 'bg' : 'en';
    this.q = form.elements.namedItem('q') as HTMLInputElement;
    this.pillar = form.elements.namedItem('pillar') as HTMLSelectElement;
    this.tradition = form.elements.namedItem('tradition') as HTMLSelectElement;
    const status = document.getElementById('filter-status');
    if (status === null) throw new Error('the index page has no #filter-status');
    this.status = status;
  }

  /** Shows the items that pass every filter, and the letters that still have one. */
  apply(): void {
    const { pillar, tradition, matches } = this;
    let shown = 0;
    for (const item of this.items) {
      const visible =
        (!pillar.value || item.dataset.pillar === pillar.value) &&
        (!tradition.value || item.dataset.tradition === tradition.value) &&
        (!matches || matches.has(item.dataset.slug ?? ''));
      item.hidden = !visible;
      if (visible) shown++;
    }
    for (const section of this.sections) section.hidden = !section.querySelector('li:not([hidden])');
    const filtering = matches !== null || pillar.value !== '' || tradition.value !== '';
    const total = formatNumber(this.items.length, this.locale);
    this.status.textContent =
      this.message ||
      (filtering
        ? this.settings.showing.replace('{shown}', formatNumber(shown, this.locale)).replace('{total}', total)
        : '');
    const params = new URLSearchParams();
    if (this.q.value.trim()) params.set('q', this.q.value.trim());
    if (pillar.value) params.set('pillar', pillar.value);
    if (tradition.value) params.set('tradition', tradition.value);
    const query = params.toString();
    history.replaceState(null, '', query ? `?${query}` : location.pathname);
  }

  /** Every slug the list endpoint finds for `text`, page by page. */
  private async matching(text: string): Promise<Set<string>> {
    const found = new Set<string>();
    for (let offset = 0; ; ) {
      const params = new URLSearchParams({
        locale: this.settings.locale,
        q: text,
        limit: '500',
        offset: String(offset),
      });
      const response = await fetch(`${this.settings.api}?${params}`, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new SearchError(response.status);
      const page = (await response.json()) as ListPage;
      for (const term of page.data) found.add(term.slug);
      offset += page.data.length;
      if (page.data.length === 0 || offset >= page.meta.total) return found;
    }
  }

  async search(): Promise<void> {
    const text = this.q.value.trim();
    const mine = ++this.searchNumber;
    this.message = '';
    if (!text) {
      this.matches = null;
      this.apply();
      return;
    }
    try {
      const found = await this.matching(text);
      if (mine !== this.searchNumber) return;
      this.matches = found;
    } catch (error) {
      if (mine !== this.searchNumber) return;
      this.matches = null;
      const limited = error instanceof SearchError && error.status === 429;
      this.message = limited ? this.settings.rateLimited : this.settings.failed;
    }
    this.apply();
  }

  /** Takes the filters from the address, shows the form and follows its controls. */
  start(): void {
    const initial = new URLSearchParams(location.search);
    this.q.value = initial.get('q') ?? '';
    this.pillar.value = initial.get('pillar') ?? '';
    this.tradition.value = initial.get('tradition') ?? '';
    // An unknown value in the address leaves the select on "all".
    if (this.pillar.selectedIndex < 0) this.pillar.value = '';
    if (this.tradition.selectedIndex < 0) this.tradition.value = '';
    this.form.hidden = false;
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      clearTimeout(this.timer);
      void this.search();
    });
    this.q.addEventListener('input', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.search(), 250);
    });
    this.pillar.addEventListener('change', () => this.apply());
    this.tradition.addEventListener('change', () => this.apply());
    if (this.q.value.trim()) void this.search();
    else this.apply();
  }
}

function boot(): void {
  const form = document.getElementById('filters');
  if (form instanceof HTMLFormElement) new IndexFilter(form).start();
}

// The script sits in <head>: the list exists once the document is parsed.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
