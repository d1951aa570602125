// The index page's script, run in the reader's browser: shows the search and filter form (the
// page without it is the plain list), asks the public list endpoint which terms match `q` (so
// the page finds exactly what the API finds), and hides the others. Everything it needs comes
// from `data-` attributes; the filters are kept in the address, so a filtered list can be shared.
interface ListPage {
  data: { slug: string }[];
  meta: { total: number };
}

class SearchError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function start(form: HTMLFormElement): void {
  const api = form.dataset.api!;
  const locale = form.dataset.locale!;
  const numbers = new Intl.NumberFormat(locale);
  const q = form.elements.namedItem('q') as HTMLInputElement;
  const pillar = form.elements.namedItem('pillar') as HTMLSelectElement;
  const tradition = form.elements.namedItem('tradition') as HTMLSelectElement;
  const status = document.getElementById('filter-status')!;
  const items = [...document.querySelectorAll<HTMLLIElement>('li[data-slug]')];
  const sections = [...document.querySelectorAll<HTMLElement>('section.letter')];
  let matches: Set<string> | null = null;
  let message = '';
  let searchNumber = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function apply(): void {
    let shown = 0;
    for (const item of items) {
      const visible =
        (!pillar.value || item.dataset.pillar === pillar.value) &&
        (!tradition.value || item.dataset.tradition === tradition.value) &&
        (!matches || matches.has(item.dataset.slug!));
      item.hidden = !visible;
      if (visible) shown++;
    }
    for (const section of sections) section.hidden = !section.querySelector('li:not([hidden])');
    const filtering = matches !== null || pillar.value !== '' || tradition.value !== '';
    status.textContent =
      message ||
      (filtering
        ? form.dataset
            .showing!.replace('{shown}', numbers.format(shown))
            .replace('{total}', numbers.format(items.length))
        : '');
    const params = new URLSearchParams();
    if (q.value.trim()) params.set('q', q.value.trim());
    if (pillar.value) params.set('pillar', pillar.value);
    if (tradition.value) params.set('tradition', tradition.value);
    const query = params.toString();
    history.replaceState(null, '', query ? `?${query}` : location.pathname);
  }

  async function matching(text: string): Promise<Set<string>> {
    const found = new Set<string>();
    for (let offset = 0; ; ) {
      const params = new URLSearchParams({ locale, q: text, limit: '500', offset: String(offset) });
      const response = await fetch(`${api}?${params}`, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new SearchError(response.status);
      const page = (await response.json()) as ListPage;
      for (const term of page.data) found.add(term.slug);
      offset += page.data.length;
      if (page.data.length === 0 || offset >= page.meta.total) return found;
    }
  }

  async function search(): Promise<void> {
    const text = q.value.trim();
    const mine = ++searchNumber;
    message = '';
    if (!text) {
      matches = null;
      apply();
      return;
    }
    try {
      const found = await matching(text);
      if (mine !== searchNumber) return;
      matches = found;
    } catch (error) {
      if (mine !== searchNumber) return;
      matches = null;
      message = error instanceof SearchError && error.status === 429 ? form.dataset.rateLimited! : form.dataset.failed!;
    }
    apply();
  }

  const initial = new URLSearchParams(location.search);
  q.value = initial.get('q') ?? '';
  pillar.value = initial.get('pillar') ?? '';
  tradition.value = initial.get('tradition') ?? '';
  // An unknown value in the address leaves the select on "all".
  if (pillar.selectedIndex < 0) pillar.value = '';
  if (tradition.selectedIndex < 0) tradition.value = '';
  form.hidden = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void search();
  });
  q.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(), 250);
  });
  pillar.addEventListener('change', apply);
  tradition.addEventListener('change', apply);
  if (q.value.trim()) void search();
  else apply();
}

function boot(): void {
  const form = document.getElementById('filters');
  if (form instanceof HTMLFormElement) start(form);
}

// The script sits in <head>: the list exists once the document is parsed.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
