import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';

const require = createRequire(import.meta.url);

/**
 * Noto Serif SC for the body (宋体-like) and Noto Sans SC Bold for headings and bold text (黑体-like),
 * both TrueType from npm: pdfmake subsets them correctly (pdf-lib's subsetting corrupts CJK glyphs,
 * review-outputs.md §1.1). One family, so "bold" anywhere means the heading face.
 */
export const SERIF = require.resolve('@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf');
export const SANS_BOLD = require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf');
const FONT_DIRS = [path.dirname(SERIF), path.dirname(SANS_BOLD)];

/** The rules of tables and the quiet text beside them. */
export const RULE_GREY = '#8c8c8c';

let configured = false;
/**
 * pdfmake set up for the platform's documents (the opinion reports, the answer letters): the font
 * family "Report" and the table layout "lightBorders"; nothing read but the two fonts.
 */
export function configurePdfFonts() {
  if (configured) return;
  // The report reads nothing but its two fonts: no URL and no other local file, whatever the content says.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) =>
    FONT_DIRS.some((dir) => path.resolve(file).startsWith(dir + path.sep)),
  );
  pdfmake.setFonts({
    Report: { normal: SERIF, bold: SANS_BOLD, italics: SERIF, bolditalics: SANS_BOLD },
  });
  pdfmake.addTableLayouts({
    lightBorders: {
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      hLineColor: () => RULE_GREY,
      vLineColor: () => RULE_GREY,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
  });
  configured = true;
}
