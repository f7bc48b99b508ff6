// The V8 flags the server runs with: `npm start` (scripts/start.mjs) passes them, and so does the
// chat benchmark (bench/chat), which runs the server as `npm start` does. A production start
// passes them too: `npm start -w @pando/server` (its package.json writes them out, and
// src/nodeFlags.test.ts fails when the two differ), or `node --no-memory-reducer
// --invocation-count-for-turbofan=300 apps/server/dist/main.js` (README.md).
//
// `--no-memory-reducer`: after ~8 s without traffic V8's memory reducer (a browser heuristic for
// background tabs) runs memory-reducing full collections that shrink the young generation and
// cool the chat's hot path, so the first ~1,000 messages after a quiet spell were routed slower
// (issue 23, bench/RESULTS.md "Session 10": sequential p50 0.39–0.44 ms after 30 s idle against
// 0.31–0.33 before it, 50–71 of 1,000 messages over 1 ms against 12–18; with the flag 0.33–0.34
// and 16–28).
// The cost: the heap is not shrunk while idle (~20–50 MB more resident after a burst, of ~400).
//
// `--invocation-count-for-turbofan=300` (V8's default: 3,000): a function is optimized after 300
// calls instead of 3,000. The chat calls most of its per-message functions once or twice a message,
// so a freshly started server routed its first few thousand messages on unoptimized code (issue 23,
// bench/RESULTS.md "Session 13"): fresh servers' first 1,000-message runs had a sequential p50 of
// 0.39–0.64 ms, falling to 0.30–0.38 by 4,000–6,000 messages; with the flag the first runs were at
// 0.35–0.43. In the chat benchmark's A/B (after 1,000 logins) the p50 stayed 0.47–0.48 ms and the
// p99 fell from 2.37 to 1.76 ms. Maglev, V8's mid tier that would do the same, stays off: Node 22
// disabled it by default for code-generation bugs (nodejs/node#54384).
// The cost: more functions are optimized (on V8's background thread) in the first seconds.
export const SERVER_NODE_FLAGS = ['--no-memory-reducer', '--invocation-count-for-turbofan=300'];
