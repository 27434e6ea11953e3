/** Imported first by extension.ts, so that the activation time it logs includes loading the bundle's modules. */
export const bundleLoadStartedAt: number = performance.now();
