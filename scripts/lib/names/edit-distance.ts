// How far apart two short words are: "did you mean" for slugs (corpus-checks.ts) and a name's
// Bulgarian spelling against its Latin forms (scholar-checks.ts). Pure.
//
// The name checks ask this of every (word, spelling) pair they meet, about 60 spellings per
// family, so it is most of their time: only the band of the table that can stay under the limit
// is filled, in two rows that are kept between calls (bench/README.md, "Start-up and editorial
// checks, sixth session").

let previous = new Int32Array(64);
let current = new Int32Array(64);

/**
 * Levenshtein distance when it is below `limit`; otherwise a number not below `limit`, found
 * without finishing the table once a whole row is at or above it (callers only ask "closer than?").
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  const rows = a.length;
  const columns = b.length;
  // Cells are kept at most `cap`: one at or above it says "not below the limit", nothing more. A
  // cell further than `cap` from the diagonal is at least that far apart, so it is never computed.
  const cap = Math.min(Math.ceil(limit), Math.max(rows, columns) + 1);
  if (previous.length <= columns) {
    previous = new Int32Array(2 * (columns + 1));
    current = new Int32Array(2 * (columns + 1));
  }
  for (let j = 0; j <= columns; j++) previous[j] = Math.min(j, cap);
  for (let i = 1; i <= rows; i++) {
    const from = Math.max(1, i - cap + 1);
    const to = Math.min(columns, i + cap - 1);
    let left = from === 1 ? Math.min(i, cap) : cap;
    current[from - 1] = left;
    let rowMin = left;
    const letter = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const substitution = (previous[j - 1] as number) + (letter === b.charCodeAt(j - 1) ? 0 : 1);
      left = Math.min((previous[j] as number) + 1, left + 1, substitution, cap);
      current[j] = left;
      if (left < rowMin) rowMin = left;
    }
    if (to < columns) current[to + 1] = cap;
    if (rowMin >= cap) return limit;
    [previous, current] = [current, previous];
  }
  const distance = previous[columns] as number;
  return Math.min(distance, limit);
}
