// How far apart two short words are: "did you mean" for slugs (corpus-checks.ts) and a name's
// Bulgarian spelling against its Latin forms (scholar-checks.ts). Pure.

/** Column `j` of a row of the distance table, which the loops below keep within its bounds. */
function cell(row: readonly number[], j: number): number {
  const value = row[j];
  if (value === undefined) throw new RangeError(`editDistance: column ${j} is outside a row of ${row.length}`);
  return value;
}

/**
 * Levenshtein distance when it is below `limit`; otherwise a number not below `limit`, found
 * without finishing the table once a whole row is at or above it (callers only ask "closer than?").
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  // One row of the table at a time: previous[j] is the distance from a's first i - 1 letters to b's first j.
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let distance = b.length;
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    distance = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = cell(previous, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1);
      distance = Math.min(cell(previous, j) + 1, distance + 1, substitution);
      current.push(distance);
      rowMin = Math.min(rowMin, distance);
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return distance;
}
