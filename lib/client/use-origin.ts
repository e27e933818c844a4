import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** This server's address as the browser reaches it (where an app points its base URL); '' while rendered on the server. */
export const useOrigin = () =>
  useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
