import { createRequire } from 'node:module';
import fs from 'node:fs';

/**
 * The Chinese font PDFs embed (Noto Sans SC, regular and bold) from its package, so no system
 * font is needed and the text stays selectable: PDFKit embeds only the glyphs a document uses.
 * Read once per process (about 10 MB each).
 */
const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const fontFile = (name: string) =>
  require.resolve(`${FONT_PACKAGE}/package.json`).replace(/package\.json$/, name);

let fonts: { regular: Buffer; bold: Buffer } | undefined;

export function cjkFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: fs.readFileSync(fontFile('400Regular/NotoSansSC_400Regular.ttf')),
    bold: fs.readFileSync(fontFile('700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fonts;
}
