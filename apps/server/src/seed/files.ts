import { keyOfUrl, publicKey, type FileStore } from '../lib/file-store/index.ts';
import type { ProductSpec } from './catalogue.ts';
import { categoryTree, type CategorySeed } from './data/categories.ts';
import { coaSeeds, type CoaLotSeed } from './data/coa.ts';
import { banners, brands } from './data/site.ts';
import { coaPdf } from './pdf.ts';
import { depictSvg, prepareDepictions } from '../domains/chemistry/index.ts';
import { bannerSvg, categorySvg, productSvg } from './svg.ts';

/**
 * Pictures and certificates of the demo data, written to the file store under files/ (served at
 * /files/), so on PostgreSQL every instance serves what the seeding one wrote.
 */

/** Bumped when the generated files change; a stamp file records the version written. */
const FILES_VERSION = '6';

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

/** Where the stamp of the files' version is kept (a dot name: never served). */
const STAMP = publicKey('.demo-seed');

async function stampOf(store: FileStore): Promise<string | null> {
  const found = await store.get(STAMP);
  if (!found) return null;
  const parts: Buffer[] = [];
  for await (const chunk of found.stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** Files written at once: a database store spends its time waiting on round trips. */
const WRITES_AT_ONCE = 8;

/**
 * Writes every picture and certificate the seeded rows point at. The files depend on the data
 * only, so rewriting them is harmless; a stamp file skips the work once they are all there. The
 * stamp goes in last, so a start killed halfway writes them all again.
 */
export async function writeSeedFiles(store: FileStore, catalogue: ProductSpec[]): Promise<void> {
  if ((await stampOf(store)) === FILES_VERSION) return;
  await prepareDepictions();
  // Each file is made when its write starts, so only the files being written are in memory.
  const writing = new Set<Promise<unknown>>();
  const failures: unknown[] = [];
  const write = async (key: string, make: () => string | Buffer) => {
    while (writing.size >= WRITES_AT_ONCE) await Promise.race(writing);
    const body = make();
    const done = store
      .put(key, Buffer.isBuffer(body) ? body : Buffer.from(body))
      .catch((err: unknown) => failures.push(err))
      .finally(() => writing.delete(done));
    writing.add(done);
  };
  const put = (url: string, make: () => string | Buffer) => {
    const key = keyOfUrl(url);
    if (key === null) throw new Error(`not a /files/ URL: ${url}`);
    return write(key, make);
  };
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
      if (image.startsWith('/files/structures/')) {
        // Products of one substance share its depiction: drawn once per write of the files.
        if (spec.smiles && !drawn.has(image)) {
          drawn.add(image);
          const smiles = spec.smiles;
          await put(image, () => depictSvg(smiles, 600, 600));
        }
      } else {
        await put(image, () => productSvg(picture, image.endsWith('-2.svg') ? 2 : 1));
      }
    }
  }
  const writeCategory = async (nodes: CategorySeed[]) => {
    for (const n of nodes) {
      if (n.hot) await put(`/files/categories/${n.key}.svg`, () => categorySvg(n.key, n.title));
      if (n.children) await writeCategory(n.children);
    }
  };
  await writeCategory(categoryTree);
  for (const b of banners) await put(`/files/banners/${b.file}`, () => bannerSvg(b));
  const specByNumber = new Map(catalogue.map((s) => [s.number, s]));
  for (const { number, lots } of coaSeeds) {
    const spec = specByNumber.get(number);
    if (!spec) continue;
    for (const lot of lots) {
      await write(publicKey(coaFile(number, lot.lot)), () => certificate(spec, lot));
    }
  }
  await Promise.all(writing);
  if (failures.length > 0) throw failures[0];
  await store.put(STAMP, Buffer.from(FILES_VERSION));
}
