// Ranks what a V8 heap snapshot's memory is retained by (the dominator tree, as a browser's
// devtools shows it): the objects that keep the most alive, each with its chain of dominators,
// and the self sizes summed by constructor. `node bench/probes/heap-dominators.mjs FILE [TOP]`.
// (prepare-memory.ts writes such a snapshot at a build step.)
import { readFileSync } from 'node:fs';

const [file, topArg = '40'] = process.argv.slice(2);
const snap = JSON.parse(readFileSync(file, 'utf8'));
const {
  node_fields: nf,
  edge_fields: ef,
  node_types: [nodeTypes],
  edge_types: [edgeTypes],
} = snap.snapshot.meta;
const N = nf.length;
const E = ef.length;
const { nodes, edges, strings } = snap;
const count = nodes.length / N;
const [fType, fName, fSize, fEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f));
const weak = edgeTypes.indexOf('weak');
const shortcut = edgeTypes.indexOf('shortcut');

// Forward edges in CSR form, weak edges left out (they retain nothing).
const firstEdge = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) {
  firstEdge[i] = e;
  e += nodes[i * N + fEdges];
  firstEdge[i + 1] = e;
}
const target = (e) => edges[e * E + eTo] / N;
const strong = (e) => edges[e * E + eType] !== weak && edges[e * E + eType] !== shortcut;

// Post order by iterative DFS from the root (node 0).
const order = new Int32Array(count).fill(-1);
const post = new Uint32Array(count);
let visited = 0;
{
  const stack = new Uint32Array(count);
  const next = new Uint32Array(count);
  const seen = new Uint8Array(count);
  let top = 0;
  stack[top++] = 0;
  seen[0] = 1;
  next[0] = firstEdge[0];
  while (top > 0) {
    const n = stack[top - 1];
    if (next[n] < firstEdge[n + 1]) {
      const e = next[n]++;
      if (!strong(e)) continue;
      const t = target(e);
      if (seen[t]) continue;
      seen[t] = 1;
      next[t] = firstEdge[t];
      stack[top++] = t;
    } else {
      top--;
      order[n] = visited;
      post[visited++] = n;
    }
  }
}
// Predecessors (reachable ones only).
const predCount = new Uint32Array(count + 1);
for (let n = 0; n < count; n++) {
  if (order[n] < 0) continue;
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++) if (strong(e)) predCount[target(e) + 1]++;
}
for (let i = 0; i < count; i++) predCount[i + 1] += predCount[i];
const preds = new Uint32Array(predCount[count]);
{
  const fill = predCount.slice(0, count);
  for (let n = 0; n < count; n++) {
    if (order[n] < 0) continue;
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++) if (strong(e)) preds[fill[target(e)]++] = n;
  }
}
// Cooper, Harvey and Kennedy: iterate in reverse post order until nothing changes.
const idom = new Int32Array(count).fill(-1);
idom[0] = 0;
const intersect = (a, b) => {
  while (a !== b) {
    while (order[a] < order[b]) a = idom[a];
    while (order[b] < order[a]) b = idom[b];
  }
  return a;
};
for (let changed = true; changed; ) {
  changed = false;
  for (let i = visited - 2; i >= 0; i--) {
    const n = post[i];
    let dom = -1;
    for (let p = predCount[n]; p < predCount[n + 1]; p++) {
      const pred = preds[p];
      if (idom[pred] < 0) continue;
      dom = dom < 0 ? pred : intersect(pred, dom);
    }
    if (dom >= 0 && idom[n] !== dom) {
      idom[n] = dom;
      changed = true;
    }
  }
}
const retained = new Float64Array(count);
for (let i = 0; i < visited; i++) {
  const n = post[i];
  retained[n] += nodes[n * N + fSize];
  if (n !== 0) retained[idom[n]] += retained[n];
}
const name = (n) => {
  const type = nodeTypes[nodes[n * N + fType]];
  const text = strings[nodes[n * N + fName]].slice(0, 60).replace(/\s+/g, ' ');
  return `${type}:${text}`;
};
const mb = (b) => (b / 1024 / 1024).toFixed(1).padStart(7);
// The edge from a node's dominator (or any predecessor) that names it.
const edgeName = (n) => {
  const d = idom[n];
  for (let e = firstEdge[d]; e < firstEdge[d + 1]; e++) {
    if (target(e) !== n) continue;
    const t = edgeTypes[edges[e * E + eType]];
    const v = edges[e * E + eName];
    return t === 'element' || t === 'hidden' ? `[${v}]` : `.${strings[v]}`;
  }
  return '';
};
const chain = (n) => {
  const parts = [];
  for (let m = n; m !== 0 && parts.length < 6; m = idom[m]) parts.unshift(`${name(m)}${edgeName(m)}`);
  return parts.join(' <- ');
};
console.log(`total reachable ${mb(retained[0])} MB, ${visited} objects`);
const top = Number(topArg);
// Largest retainers that are not just a chain: a node is listed when its retained size is
// mostly not one child's.
const biggestChild = new Float64Array(count);
for (let i = 0; i < visited; i++) {
  const n = post[i];
  if (n !== 0 && retained[n] > biggestChild[idom[n]]) biggestChild[idom[n]] = retained[n];
}
const candidates = [];
for (let i = 0; i < visited; i++) {
  const n = post[i];
  if (retained[n] > retained[0] / 200 && biggestChild[n] < retained[n] * 0.7) candidates.push(n);
}
candidates.sort((a, b) => retained[b] - retained[a]);
console.log('\nLargest retainers (retained MB, object, what dominates it):');
for (const n of candidates.slice(0, top))
  console.log(`${mb(retained[n])}  ${name(n)}  <- ${chain(idom[n])}${edgeName(n) ? `  (as ${edgeName(n)})` : ''}`);
// Self sizes by constructor or type.
const byName = new Map();
for (let i = 0; i < visited; i++) {
  const n = post[i];
  const type = nodeTypes[nodes[n * N + fType]];
  const key = type === 'object' || type === 'closure' ? name(n) : type;
  const s = byName.get(key) ?? { size: 0, count: 0 };
  s.size += nodes[n * N + fSize];
  s.count++;
  byName.set(key, s);
}
console.log('\nSelf size by constructor (MB, count):');
for (const [k, s] of [...byName].sort((a, b) => b[1].size - a[1].size).slice(0, 25))
  console.log(`${mb(s.size)}  ${String(s.count).padStart(8)}  ${k}`);
// What each object held on the stack (the build's locals) retains alone, and what it reaches.
const stackRoots = [];
for (let i = 0; i < visited; i++) if (name(post[i]).startsWith('synthetic:(Stack roots)')) stackRoots.push(post[i]);
const reachSize = (...from) => {
  const seen = new Uint8Array(count);
  const stack = [...from];
  for (const f of from) seen[f] = 1;
  let size = 0;
  while (stack.length) {
    const n = stack.pop();
    size += nodes[n * N + fSize];
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++) {
      if (!strong(e)) continue;
      const t = target(e);
      if (!seen[t] && !name(t).startsWith('code:') && !name(t).startsWith('object shape')) {
        seen[t] = 1;
        stack.push(t);
      }
    }
  }
  return size;
};
console.log('\nDominated by the stack roots, by object (retained MB alone, reachable MB):');
const children = [];
for (let i = 0; i < visited; i++) if (stackRoots.includes(idom[post[i]])) children.push(post[i]);
children.sort((a, b) => retained[b] - retained[a]);
for (const n of children.slice(0, 20)) {
  const fields = [];
  for (let e = firstEdge[n]; e < firstEdge[n + 1] && fields.length < 12; e++) {
    const t = edgeTypes[edges[e * E + eType]];
    if (t === 'property') fields.push(strings[edges[e * E + eName]]);
  }
  console.log(`${mb(retained[n])} ${mb(reachSize(n))}  ${name(n)}${edgeName(n)}  {${fields.join(', ')}}`);
}
