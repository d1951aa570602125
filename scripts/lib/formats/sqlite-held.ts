// better-sqlite3's objects (a database, its statements), held until their thread ends. Its addon
// (version 12) derives them from Node's `node::ObjectWrap`, whose code comes from the headers it
// is compiled against: from Node 24.19 on, the destructor removes a cleanup hook and checks that a
// JavaScript context is entered. A garbage collection that V8 starts from one of its own tasks
// enters none, so collecting one of these objects then aborts the process ("Assertion failed:
// (env) != nullptr", SIGABRT; nodejs/node#65446): a build of the bundled corpus on Node 24.21
// died that way, mid-build or in the test suite's set-up. An object held is never collected: Node
// deletes it when its thread ends, inside that thread's context. (better-sqlite3 13 no longer
// derives from ObjectWrap, but requires Node 22.) A dump holds one database and about twenty
// statements, closed: a few kilobytes a build.
const held: object[] = [];

/** `wrapper`, kept reachable for the rest of the thread's life. */
export function heldUntilExit<T extends object>(wrapper: T): T {
  held.push(wrapper);
  return wrapper;
}
