import { describe, expect, it } from 'vitest';
import {
  authorFamilyNames,
  authorFormatProblem,
  findWorkInconsistencies,
  workKey,
} from '../../scripts/lib/corpus/reference-checks.ts';
import type { Reference } from '../../scripts/lib/corpus/corpus-schema.ts';

describe('author format: family name first, authors joined by "; "', () => {
  it.each([
    'Scholem, Gershom',
    'Robinson, James M. (ed.)',
    'Waldstein, Michael; Wisse, Frederik (eds.)',
    'Dodds, E. R. (ed. and trans.)',
    'Anonymous [Tomberg, Valentin]; Powell, Robert (trans.)',
    'Needham, Joseph, et al.',
    'Edmonds, Radcliffe G., III',
    'Papus',
    'Diogenes Laertius (trans. R. D. Hicks)',
  ])('accepts %s', (author) => {
    expect(authorFormatProblem(author)).toBeNull();
  });

  it.each([
    [
      'Gardner, Iain, and Samuel N. C. Lieu (eds.)',
      'joins authors with "and"; write each as "Family, Given" and join them with "; "',
    ],
    ['Waldstein, Michael & Wisse, Frederik (eds.)', 'joins authors with "&"; join them with "; "'],
    ['Scholem, Gershom; ', 'has an empty name between ";" joiners'],
    ['C. G. Jung', '"C. G. Jung" puts the given name first; write the family name first ("Jung, C. G.")'],
    [
      'Scholem, Gershom, Idel, Moshe',
      '"Scholem, Gershom, Idel, Moshe" has more than one comma: one "Family, Given" per author, joined by "; "',
    ],
  ])('refuses %s', (author, problem) => {
    expect(authorFormatProblem(author)).toBe(problem);
  });

  it('reads family names past roles, notes and any joiner', () => {
    expect(authorFamilyNames('von Franz, Marie-Louise')).toEqual(['von Franz']);
    expect(authorFamilyNames('Schmidt, Carl (ed.) & MacDermot, Violet (trans.)')).toEqual(['Schmidt', 'MacDermot']);
    expect(authorFamilyNames('Anonymous [Tomberg, Valentin]; Powell, Robert (trans.)')).toEqual([
      'Anonymous',
      'Powell',
    ]);
  });
});

const ref = (author: string, title: string, kind: Reference['kind'] = 'primary'): Reference => ({
  kind,
  author,
  title,
  year: 1992,
});

describe('one description per work', () => {
  it('identifies a work past subtitles and punctuation, but not across volumes', () => {
    const short = ref('Copenhaver, Brian P. (trans.)', 'Hermetica');
    const long = ref('Copenhaver, Brian P. (trans.)', 'Hermetica: The Greek Corpus Hermeticum and the Latin Asclepius');
    expect(workKey(short)).toBe(workKey(long));
    expect(workKey(ref('Blavatsky, H. P.', 'The Secret Doctrine, vol. 1: Cosmogenesis'))).not.toBe(
      workKey(ref('Blavatsky, H. P.', 'The Secret Doctrine, vol. 2: Anthropogenesis')),
    );
    expect(workKey(ref('Idel, Moshe', 'Kabbalah: New Perspectives'))).not.toBe(
      workKey(ref('Idel, Moshe', 'The Mystical Experience in Abraham Abulafia')),
    );
  });

  it('reports a title, kind or author string that differs between entries, naming the entries', () => {
    const findings = findWorkInconsistencies([
      { slug: 'nous', reference: ref('Copenhaver, Brian P. (trans.)', 'Hermetica') },
      { slug: 'krater', reference: ref('Copenhaver, Brian P. (trans.)', 'Hermetica: The Greek Corpus Hermeticum') },
      { slug: 'aeon', reference: ref('Layton, Bentley', 'The Gnostic Scriptures', 'primary') },
      { slug: 'horos', reference: ref('Layton, Bentley', 'The Gnostic Scriptures', 'scholarly') },
      { slug: 'sige', reference: ref('Layton, Bentley', 'The Gnostic Scriptures', 'scholarly') },
    ]);
    expect(findings).toEqual([
      'kind differs for Layton, Bentley, The Gnostic Scriptures: "primary" (aeon) / "scholarly" (horos, sige)',
      'title differs for Copenhaver, Brian P. (trans.), Hermetica: "Hermetica" (nous) / "Hermetica: The Greek Corpus Hermeticum" (krater)',
    ]);
  });

  it('is silent when every entry describes a work alike', () => {
    const work = ref('Scholem, Gershom', 'Major Trends in Jewish Mysticism', 'scholarly');
    expect(
      findWorkInconsistencies([
        { slug: 'a', reference: work },
        { slug: 'b', reference: work },
      ]),
    ).toEqual([]);
  });
});

describe('volumes named after the subtitle', () => {
  it('keeps volumes and Talmud orders apart', () => {
    expect(workKey(ref('Palmer, G. E. H. (trans.)', 'The Philokalia: The Complete Text, vol. 1'))).not.toBe(
      workKey(ref('Palmer, G. E. H. (trans.)', 'The Philokalia: The Complete Text, vol. 4')),
    );
    expect(workKey(ref('Epstein, Isidore (ed.)', 'The Babylonian Talmud: Seder Nezikin'))).not.toBe(
      workKey(ref('Epstein, Isidore (ed.)', "The Babylonian Talmud: Seder Mo'ed")),
    );
  });
});

describe('works of the same main title', () => {
  it('are two works when their years differ (Cohen, The Shiʿur Qomah, 1983 and 1985)', () => {
    const liturgy = {
      ...ref('Cohen, Martin Samuel', 'The Shiʿur Qomah: Liturgy and Theurgy', 'scholarly'),
      year: 1983,
    };
    const texts = { ...ref('Cohen, Martin Samuel', 'The Shiʿur Qomah: Texts and Recensions'), year: 1985 };
    expect(
      findWorkInconsistencies([
        { slug: 'shiur-komah', reference: liturgy },
        { slug: 'shiur-komah', reference: texts },
      ]),
    ).toEqual([]);
  });
});

describe('French volumes', () => {
  it('keeps "livre III" and "livre IV" apart', () => {
    expect(workKey(ref('Saffrey, H. D. (ed.)', 'Proclus: Théologie platonicienne, livre III'))).not.toBe(
      workKey(ref('Saffrey, H. D. (ed.)', 'Proclus: Théologie platonicienne, livre IV')),
    );
  });
});
