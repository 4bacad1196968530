import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One signature as poppler's pdfsig reports it. */
export interface PdfsigSignature {
  field: string;
  commonName: string;
  validation: string;
  certificate: string;
  wholeDocument: boolean;
}

async function tool(file: string, args: string[]): Promise<string> {
  try {
    return (await run(file, args, { maxBuffer: 16 << 20 })).stdout;
  } catch (error) {
    // pdfsig exits non-zero when a signature is invalid; its report is still on stdout.
    const out = (error as { stdout?: string }).stdout;
    if (out) return out;
    throw error;
  }
}

/**
 * Verifies a PDF's signatures with Debian's pdfsig against an NSS database that trusts exactly the
 * given roots: what any poppler-based reader would say, not what our own code believes.
 */
export async function pdfsig(pdf: Uint8Array, trustedRoots: Uint8Array[]): Promise<PdfsigSignature[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drp-pdfsig-'));
  try {
    const nss = `sql:${dir}`;
    await run('certutil', ['-N', '-d', nss, '--empty-password']);
    for (const [i, der] of trustedRoots.entries()) {
      const file = path.join(dir, `root-${i}.der`);
      await writeFile(file, der);
      await run('certutil', ['-A', '-d', nss, '-n', `root-${i}`, '-t', 'CT,C,C', '-i', file]);
    }
    const file = path.join(dir, 'signed.pdf');
    await writeFile(file, pdf);
    const out = await tool('pdfsig', ['-nssdir', nss, file]);
    return out
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((block) => {
        const line = (label: string) => new RegExp(`- ${label}: (.*)$`, 'm').exec(block)?.[1]?.trim() ?? '';
        return {
          field: line('Signature Field Name'),
          commonName: line('Signer Certificate Common Name'),
          validation: line('Signature Validation'),
          certificate: line('Certificate Validation'),
          wholeDocument: /- Total document signed/.test(block),
        };
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
