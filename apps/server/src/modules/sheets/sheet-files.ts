/**
 * Where a preparation keeps its images and text in the file store: under the file's SHA-256, so
 * identical files (the same sheet in two rounds, or in two applications) share one preparation.
 */
const SHA256 = /^[0-9a-f]{64}$/;

function base(sha256: string) {
  if (!SHA256.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
  return `sheets/${sha256.slice(0, 2)}/${sha256}`;
}

export const sheetFileKeys = {
  /** Written last: its presence means every other output is complete. */
  manifest: (sha256: string) => `${base(sha256)}/manifest`,
  preview: (sha256: string, page: number) => `${base(sha256)}/preview-${page}`,
  text: (sha256: string, page: number) => `${base(sha256)}/text-${page}`,
  tile: (sha256: string, page: number, z: number, x: number, y: number) =>
    `${base(sha256)}/tile-${page}-${z}-${x}-${y}`,
};
