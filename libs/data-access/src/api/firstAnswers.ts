/**
 * A first visit's two answers, handed from the chat list's first paint to the app (issue 37).
 *
 * On a first visit (no offline copy yet) the first paint (apps/web `src/boot/firstPaint.ts`) asks
 * for who is signed in and the sidebar's lists before the app has loaded, and paints the list from
 * them. The app used to ask for both again when it loaded, and its shell waited for that second
 * round trip before it took over from the first paint. Now the paint offers its answers here, as
 * it received them, and the app's cache takes them when it is made (`PandoApiProvider`), checked
 * with the same schemas as the app's own requests and dated when they were asked for (the usual
 * stale times apply from then): the shell renders at once, and who is signed in is not asked
 * again. The lists still are, once, in the background, when the chat's session starts (by
 * design: a change made before it reached nobody; features ChatWiring's `RoomChanges`).
 *
 * Decision: a hand-over slot in a module of its own (no schemas: the first paint runs before zod
 * has loaded), not an argument threaded through the composition root: the login route's
 * JavaScript (main.tsx, createPandoApp) is at its 100 KB budget, and both ends of the hand-over
 * load outside it (the first paint's chunk, the router's chunk). It is taken once: a later cache
 * (another sign-in in the same page) never sees old answers.
 */
export interface FirstAnswers {
  /** `GET /login/current?embed=hospital`'s JSON, unchecked. */
  currentUser: unknown;
  /** `GET /teams-with-advices-conversations`' JSON, unchecked. */
  sidebarLists: unknown;
  /** When they were asked for (ms since the epoch). */
  askedAt: number;
}

let offered: FirstAnswers | undefined;

/** The first paint's answers, for the app's cache to take (`takeOfferedAnswers`). */
export function offerFirstAnswers(answers: FirstAnswers): void {
  offered = answers;
}

/** The answers offered, once (undefined after the first call, or when none were offered). */
export function takeOfferedAnswers(): FirstAnswers | undefined {
  const answers = offered;
  offered = undefined;
  return answers;
}
