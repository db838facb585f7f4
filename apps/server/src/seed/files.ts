import fs from 'node:fs';
import path from 'node:path';
import type { ProductSpec } from './catalogue.ts';
import { categoryTree, type CategorySeed } from './data/categories.ts';
import { coaSeeds, type CoaLotSeed } from './data/coa.ts';
import { banners, brands } from './data/site.ts';
import { coaPdf } from './pdf.ts';
import { depictSvg } from '../domains/chemistry/index.ts';
import { bannerSvg, categorySvg, productSvg } from './svg.ts';

/** Pictures and certificates of the demo data, written under DATA_DIR/files (served at /files/). */

/** Bumped when the generated files change; a stamp file records the version written. */
const FILES_VERSION = '5';

const productImage = (number: string, index: number): string =>
  `/files/products/${number}${index > 1 ? `-${index}` : ''}.svg`;

/** The depiction of a structure, shared by every product of that substance. */
const structureImage = (inchiKey: string): string => `/files/structures/${inchiKey}.svg`;

/** A lone atom (an element standard) is shown on its periodic-table tile instead. */
const isDrawnStructure = (spec: ProductSpec) =>
  spec.smiles !== null && spec.inchiKey !== null && !/^\[[A-Z][a-z]?\]$/.test(spec.smiles);

/**
 * The pictures of a product, first shown first: the depiction of its structure where it has one,
 * otherwise a card with its name and category icon; then the photo of its label, if it has one.
 */
export function productImages(spec: ProductSpec): string[] {
  const first =
    isDrawnStructure(spec) && spec.inchiKey
      ? structureImage(spec.inchiKey)
      : productImage(spec.number, 1);
  return spec.imageCount >= 2 ? [first, productImage(spec.number, 2)] : [first];
}

/** Path of a certificate below the files directory, as stored in coa_records.file. */
export const coaFile = (number: string, lot: string): string => `coa/${number}-${lot}.pdf`;

const COMPANY_EN = 'Beijing Yifang Reference Materials Technology Co., Ltd.';
const ADDRESS_EN = 'Floor 4, Building 3, No. 5 Yongfeng Road, Haidian District, Beijing, China';

const SOLVENT_EN: Record<string, string> = {
  乙腈: 'acetonitrile',
  甲醇: 'methanol',
  丙酮: 'acetone',
  二氯甲烷: 'dichloromethane',
  正己烷: 'n-hexane',
  异辛烷: 'isooctane',
  水: 'water',
  '5%硝酸': '5% nitric acid',
  固体: 'neat',
  纯品: 'neat',
};

/** Chinese pack and storage texts in the English of a certificate. */
function toEnglish(text: string): string {
  return text
    .replace(/（([^）]+)）/g, (_, inner: string) => ` in ${SOLVENT_EN[inner] ?? inner}`)
    .replace(/μ/g, 'µ')
    .replace(/·/g, ' x ')
    .replace(/℃/g, ' °C')
    .replace(/室温/g, 'room temperature')
    .replace(/，避光/g, ', protect from light')
    .replace(/，阴凉通风处/g, ', cool and ventilated')
    .replace(/，密封干燥/g, ', sealed and dry')
    .replace(/，充(氮|氩)/g, ', under inert gas')
    .trim();
}

function certificate(spec: ProductSpec, lot: CoaLotSeed): Buffer {
  const byGc = spec.purity.includes('GC');
  return coaPdf({
    company: COMPANY_EN,
    address: ADDRESS_EN,
    productName: spec.nameEn,
    productNumber: spec.number,
    lotNumber: lot.lot,
    cas: spec.cas,
    formula: spec.molecularFormula,
    molecularWeight: spec.molecularWeight,
    pack: toEnglish(spec.materials[0]?.pack ?? ''),
    certifiedValue: `${lot.purity} % (mass fraction)`,
    uncertainty: `+/- ${lot.purity >= 99.5 ? '0.2' : '0.4'} %`,
    storage: toEnglish(spec.temperature),
    releaseDate: lot.released,
    expiryDate: lot.expire,
    tests: [
      { item: 'Appearance', specification: 'Conforms to description', result: 'Conforms' },
      {
        item: 'Identification (MS, 1H-NMR)',
        specification: 'Conforms to structure',
        result: 'Conforms',
      },
      {
        item: `Purity (${byGc ? 'GC-FID' : 'HPLC-UV'})`,
        specification: '>= 98.0 %',
        result: `${lot.purity} %`,
      },
      { item: 'Water (Karl Fischer)', specification: '<= 1.0 %', result: lot.water },
      { item: 'Residue on ignition', specification: '<= 0.1 %', result: '< 0.05 %' },
    ],
  });
}

/**
 * Writes every picture and certificate the seeded rows point at. The files depend on the data
 * only, so rewriting them is harmless; a stamp file skips the work once they are all there.
 */
export function writeSeedFiles(filesDir: string, catalogue: ProductSpec[]): void {
  const stamp = path.join(filesDir, '.demo-seed');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === FILES_VERSION) return;
  for (const dir of ['products', 'structures', 'categories', 'banners', 'coa']) {
    fs.mkdirSync(path.join(filesDir, dir), { recursive: true });
  }
  const brandName = new Map(brands.map((b) => [b.key, b.name]));
  const drawn = new Set<string>();
  for (const spec of catalogue) {
    const picture = {
      number: spec.number,
      name: spec.name,
      nameEn: spec.nameEn,
      formula: spec.molecularFormula,
      cas: spec.cas,
      brandName: brandName.get(spec.brand) ?? '',
      pack: spec.materials[0]?.pack ?? '',
      molecularWeight: spec.molecularWeight,
    };
    for (const image of productImages(spec)) {
      const file = path.join(filesDir, image.slice('/files/'.length));
      if (image.startsWith('/files/structures/')) {
        // Products of one substance share its depiction: drawn once per write of the files.
        if (spec.smiles && !drawn.has(image)) {
          drawn.add(image);
          fs.writeFileSync(file, depictSvg(spec.smiles, 600, 600));
        }
      } else {
        fs.writeFileSync(file, productSvg(picture, image.endsWith('-2.svg') ? 2 : 1));
      }
    }
  }
  const writeCategory = (nodes: CategorySeed[]) => {
    for (const n of nodes) {
      if (n.hot) {
        fs.writeFileSync(
          path.join(filesDir, 'categories', `${n.key}.svg`),
          categorySvg(n.key, n.title),
        );
      }
      if (n.children) writeCategory(n.children);
    }
  };
  writeCategory(categoryTree);
  for (const b of banners) fs.writeFileSync(path.join(filesDir, 'banners', b.file), bannerSvg(b));
  const specByNumber = new Map(catalogue.map((s) => [s.number, s]));
  for (const { number, lots } of coaSeeds) {
    const spec = specByNumber.get(number);
    if (!spec) continue;
    for (const lot of lots)
      fs.writeFileSync(path.join(filesDir, coaFile(number, lot.lot)), certificate(spec, lot));
  }
  fs.writeFileSync(stamp, FILES_VERSION);
}
