// The Node flags a server process runs with, wherever it is started: `npm start` and `npm run dev`
// (scripts/), the tests' and the benchmarks' server processes. V8 reads them only at start, so they
// go on the command line; setting them from inside the process does nothing.
//
// --no-memory-reducer: V8's memory reducer, 8 s after a full collection in a process that then
// allocates little (a server between bursts of traffic), starts a collection meant to shrink the
// heap, which compacts more and so pauses longer. In a server holding a few thousand sockets that
// pause was 50–100 ms, against 10–40 ms for the full collections allocation calls for, and
// every change on its way to the clients waited for it (decision 0057). Without the reducer the heap
// is collected when allocation calls for it; what an idle server then keeps is measured in
// bench/README.md.
//
// --no-allocation-site-pretenuring: when many clients connect at once, the objects Node's streams
// make for each queued socket write live long enough that V8 decides to allocate them in the old
// generation from then on. After the burst they die at once again, but from the old generation
// they keep every write's buffers alive through young collections, until a full collection: each
// message to each client then survives two young collections and is copied twice. In a server
// sending to 1,000 clients that was 0.7–0.9 MB a change, and young collections of 10–21 ms instead
// of 4–7 ms (decision 0059).
export const SERVER_NODE_FLAGS: readonly string[] = [
  "--no-memory-reducer",
  "--no-allocation-site-pretenuring",
];

/** Those of the server's flags a process was started without (given its `process.execArgv`). */
export function missingServerNodeFlags(execArgv: readonly string[]): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
