// The V8 flags the server runs with: `npm start` (scripts/start.mjs) passes them, and so does the
// chat benchmark (bench/chat), which runs the server as `npm start` does. A production start
// passes them too: `node --no-memory-reducer apps/server/dist/main.js` (README.md).
//
// `--no-memory-reducer`: after ~8 s without traffic V8's memory reducer (a browser heuristic for
// background tabs) runs memory-reducing full collections that shrink the young generation and
// cool the chat's hot path, so the first ~1,000 messages after a quiet spell were routed slower
// (issue 23, bench/RESULTS.md "Session 10": sequential p50 0.39–0.44 ms after 30 s idle against
// 0.31–0.33 before it, 50–71 of 1,000 messages over 1 ms against 12–18; with the flag 0.33–0.34
// and 16–28).
// The cost: the heap is not shrunk while idle (~20–50 MB more resident after a burst, of ~400).
export const SERVER_NODE_FLAGS = ['--no-memory-reducer'];
