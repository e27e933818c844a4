/** Why the build in `.next` under `root` cannot be served as it is, or undefined when it is current. */
export function staleBuild(root: string): string | undefined;
