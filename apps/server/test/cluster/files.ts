/**
 * The cluster test's file checks (cluster.ts): two instances with DATA_DIRs of their own on one
 * PostgreSQL database share every file through its store (docs/architecture.md, "Files"). What
 * one instance stores (a picture, a certificate, a member's business licence) the other serves,
 * both serve the demo seed's files though only one seeded, and a missing file is 404 文件不存在.
 */
import fs from 'node:fs';
import path from 'node:path';
import { issueToken } from '../../src/domains/session/index.ts';
import type { Db } from '../../src/db/database.ts';
import { createStaff } from '../fixtures/manage.ts';
import { multipart } from '../fixtures/multipart.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n% cluster certificate\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n',
);
/** A 2 × 2 PNG header: passes the picture upload's type and size checks. */
const PNG = (() => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(2, 16);
  b.writeUInt32BE(2, 20);
  return b;
})();

export interface FileInstance {
  name: string;
  port: number;
  dataDir: string;
}

type Check = (ok: boolean, what: string) => void;

interface Answer {
  status: number;
  type: string;
  bytes: Buffer;
}

async function request(
  port: number,
  method: string,
  url: string,
  init: { token?: string; json?: unknown; form?: ReturnType<typeof multipart> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = init.token;
  let body: Buffer | string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    Object.assign(headers, init.form.headers);
    body = init.form.payload;
  }
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

const dataOf = <T>(a: Answer): T => (JSON.parse(a.bytes.toString('utf8')) as { data: T }).data;
const msgOf = (a: Answer): string => {
  try {
    return (JSON.parse(a.bytes.toString('utf8')) as { msg: string }).msg;
  } catch {
    return '';
  }
};

async function certificateLink(port: number, productNumber: string, lotNumber: string) {
  const found = await request(port, 'POST', '/yifanglab-client/v1/coa', {
    json: { productNumber, lotNumber },
  });
  return found.status === 200 ? (dataOf<Array<{ url: string }>>(found)[0]?.url ?? '') : '';
}

/** Seeded by `seeder` only: both serve its pictures and certificates. */
async function seededFiles(db: Db, instances: FileInstance[], check: Check) {
  const product = await db
    .selectFrom('products')
    .select('image')
    .where('image', 'like', '/files/%')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const answers = await Promise.all(instances.map((i) => request(i.port, 'GET', product.image)));
  check(
    answers.every((a) => a.status === 200 && a.type.startsWith('image/svg+xml')) &&
      answers.every((a) => a.bytes.equals(answers[0]?.bytes ?? Buffer.alloc(0))),
    `files: the seed's picture ${product.image} is served alike by ${instances.map((i) => i.name).join(' and ')}`,
  );
  const coa = await db
    .selectFrom('coaRecords')
    .select(['productNumber', 'lotNumber'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  for (const i of instances) {
    const link = await certificateLink(i.port, coa.productNumber, coa.lotNumber);
    const pdf = link ? await request(i.port, 'GET', link) : null;
    check(
      pdf?.status === 200 && pdf.bytes.subarray(0, 5).toString('latin1') === '%PDF-',
      `files: ${i.name} serves the seed's certificate ${coa.productNumber} ${coa.lotNumber}`,
    );
  }
}

/**
 * Uploads through `from`, reads through `to`: a product picture, a certificate (through the link
 * the lookup hands out) and a member's business licence (to compliance staff). Answers the URL
 * of the picture, to be read again after an instance restarts.
 */
async function uploadedFiles(db: Db, from: FileInstance, to: FileInstance, check: Check) {
  const staff = await createStaff(db, ['admin'], '集群员工');
  const picture = await request(from.port, 'POST', '/manage/v1/products/images', {
    token: staff.token,
    form: multipart({}, { filename: 'photo.png', contentType: 'image/png', data: PNG }),
  });
  const url = picture.status === 200 ? dataOf<{ url: string }>(picture).url : '';
  const served = url ? await request(to.port, 'GET', url) : null;
  check(
    served?.status === 200 && served.bytes.equals(PNG) && served.type === 'image/png',
    `files: a picture uploaded through ${from.name} is served by ${to.name} (${url || picture.status})`,
  );

  const product = await db
    .selectFrom('products')
    .select('number')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const lot = `CL${Date.now().toString(36).toUpperCase()}`;
  const uploaded = await request(from.port, 'POST', '/manage/v1/coa', {
    token: staff.token,
    form: multipart(
      { productNumber: product.number, lotNumber: lot, expire: '2030-12-31' },
      { filename: 'cert.pdf', contentType: 'application/pdf', data: PDF },
    ),
  });
  const link = uploaded.status === 200 ? await certificateLink(to.port, product.number, lot) : '';
  const certificate = link ? await request(to.port, 'GET', link) : null;
  check(
    certificate?.status === 200 && certificate.bytes.equals(PDF),
    `files: a certificate uploaded through ${from.name} opens on ${to.name} (upload ${uploaded.status})`,
  );

  const t = Date.now();
  const user = await db
    .insertInto('users')
    .values({
      account: `cluster-files-${t}@example.com`,
      phone: null,
      email: `cluster-files-${t}@example.com`,
      passwordHash: 'x',
      name: '资质会员',
      company: '北京集群测试有限公司',
      telephone: '',
      avatar: '',
      balance: 0,
      passwordUpdatedAt: t,
      createdAt: t,
      updatedAt: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const member = (await issueToken(db, user.id)).token;
  const licence = await request(from.port, 'POST', '/client/v1/user/qualifications', {
    token: member,
    form: multipart(
      {
        kind: 'business-licence',
        number: '91110000MA00000001',
        holder: '北京集群测试有限公司',
        validUntil: '2099-12-31',
      },
      { filename: 'licence.pdf', contentType: 'application/pdf', data: PDF },
    ),
  });
  const id = licence.status === 200 ? dataOf<{ id: number }>(licence).id : 0;
  const read = id
    ? await request(to.port, 'GET', `/manage/v1/qualifications/${id}/file`, { token: staff.token })
    : null;
  check(
    read?.status === 200 && read.bytes.equals(PDF),
    `files: a business licence uploaded through ${from.name} opens for compliance staff on ${to.name} (${read?.status ?? licence.status})`,
  );

  const missing = await request(to.port, 'GET', '/files/uploads/200001/none.png');
  check(
    missing.status === 404 && msgOf(missing) === '文件不存在',
    `files: a missing file answers 404 文件不存在 (${missing.status} ${msgOf(missing)})`,
  );
  for (const i of [from, to]) {
    const local = ['files/uploads', 'files/coa', 'private'].filter((d) =>
      fs.existsSync(path.join(i.dataDir, d)),
    );
    check(
      local.length === 0,
      `files: nothing was kept on ${i.name}'s own disk (${local.join(', ')})`,
    );
  }
  return url;
}

/** Every file check of the PostgreSQL run; answers a picture URL to read after the restart. */
export async function checkSharedFiles(
  db: Db,
  seeder: FileInstance,
  other: FileInstance,
  check: Check,
): Promise<string> {
  await seededFiles(db, [seeder, other], check);
  await uploadedFiles(db, other, seeder, check);
  return uploadedFiles(db, seeder, other, check);
}

/** After a restart: the picture is still served by every instance. */
export async function checkFileAfterRestart(url: string, instances: FileInstance[], check: Check) {
  for (const i of instances) {
    const again = await request(i.port, 'GET', url);
    check(
      again.status === 200 && again.bytes.equals(PNG),
      `files: ${i.name} serves ${url} after the restart`,
    );
  }
}
