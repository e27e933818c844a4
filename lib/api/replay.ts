/** Where replays are mounted: `/replay/{id}` (a capture's id, or a stored reply's) stands in for a base URL (docs/contract.md). */
export const REPLAY_MOUNT = '/replay/';

/** A recording's replay URL on this origin, as an SDK takes a base URL: it answers any path under it. */
export const replayUrl = (origin: string, id: string) => `${origin}${REPLAY_MOUNT}${encodeURIComponent(id)}`;
