// The documentation page's script, run in the reader's browser: the language switch (remembered
// in localStorage), runnable examples, copy buttons, and curl commands with this site's origin.
// Type-checked with the rest of the code and bundled by esbuild at build time; it takes nothing
// from the page's data but `data-` attributes, so nothing is ever interpolated into it.
type Lang = 'en' | 'bg';

const STORAGE_KEY = 'lexicon-docs-lang';
const root = document.documentElement;
/** The response headers an example shows, named by the page (from src/contract/headers.ts). */
const SHOWN_HEADERS = (root.getAttribute('data-headers') ?? '').split(' ').filter(Boolean);
const TEXT: Record<Lang, { title: string; loading: string; failed: string; copied: string; select: string }> = {
  en: {
    title: document.title,
    loading: 'Sending…',
    failed: 'The request failed:',
    copied: 'Copied.',
    select: 'Selected: press Ctrl+C (⌘C) to copy.',
  },
  bg: {
    title: root.getAttribute('data-title-bg') ?? document.title,
    loading: 'Изпращане…',
    failed: 'Заявката не успя:',
    copied: 'Копирано.',
    select: 'Маркирано: натиснете Ctrl+C (⌘C), за да копирате.',
  },
};
let lang: Lang = 'en';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled
  }
}

function store(value: Lang): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // private mode: the choice is not remembered
  }
}

function requested(): Lang {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  if (fromQuery === 'en' || fromQuery === 'bg') return fromQuery;
  return readStored() === 'bg' ? 'bg' : 'en';
}

function apply(value: string | null): void {
  lang = value === 'bg' ? 'bg' : 'en';
  root.setAttribute('data-ui', lang);
  root.setAttribute('lang', lang);
  document.title = TEXT[lang].title;
  for (const button of document.querySelectorAll('[data-set-lang]')) {
    button.setAttribute('aria-pressed', String(button.getAttribute('data-set-lang') === lang));
  }
}

function origin(): string {
  const here = window.location.origin;
  return here && here !== 'null' ? here : (root.getAttribute('data-origin') ?? '');
}

function say(button: Element, message: string): void {
  const status = button.nextElementSibling;
  if (!(status instanceof HTMLElement) || !status.classList.contains('copy-status')) return;
  status.textContent = message;
  window.setTimeout(() => {
    if (status.textContent === message) status.textContent = '';
  }, 4000);
}

function selectElement(element: HTMLElement): void {
  if (element instanceof HTMLTextAreaElement) {
    element.focus();
    element.select();
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

function copy(button: HTMLElement, element: HTMLElement): void {
  const text = element instanceof HTMLTextAreaElement ? element.value : (element.textContent ?? '');
  const fallback = () => {
    selectElement(element);
    say(button, TEXT[lang].select);
  };
  if (window.isSecureContext && navigator.clipboard) {
    navigator.clipboard.writeText(text).then(() => say(button, TEXT[lang].copied), fallback);
  } else {
    fallback();
  }
}

function outputFor(url: string): HTMLElement | undefined {
  for (const output of document.querySelectorAll<HTMLElement>('[data-output-for]')) {
    if (output.getAttribute('data-output-for') === url) return output;
  }
  return undefined;
}

async function run(button: HTMLButtonElement): Promise<void> {
  const url = button.getAttribute('data-example');
  const output = url ? outputFor(url) : undefined;
  if (!url || !output) return;
  button.disabled = true;
  output.removeAttribute('data-status');
  output.textContent = TEXT[lang].loading;
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    const body = await response.text();
    const lines = [`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`];
    for (const name of SHOWN_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) lines.push(`${name}: ${value}`);
    }
    let pretty = body;
    try {
      pretty = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      // not JSON: shown as it is
    }
    output.textContent = `${lines.join('\n')}\n\n${pretty}`;
    output.setAttribute('data-status', String(response.status));
  } catch (error) {
    output.textContent = `${TEXT[lang].failed} ${error instanceof Error ? error.message : String(error)}`;
    output.setAttribute('data-status', 'error');
  } finally {
    button.disabled = false;
  }
}

function init(): void {
  apply(lang);
  const base = origin();
  for (const element of document.querySelectorAll('[data-template]')) {
    element.textContent = (element.getAttribute('data-template') ?? '').split('{origin}').join(base);
  }
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    const setLang = button.getAttribute('data-set-lang');
    if (setLang) {
      apply(setLang);
      store(lang);
      return;
    }
    if (button.hasAttribute('data-example')) {
      void run(button);
      return;
    }
    const copyId = button.getAttribute('data-copy-target');
    const element = copyId ? document.getElementById(copyId) : null;
    if (element) copy(button, element);
  });
}

apply(requested());
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
