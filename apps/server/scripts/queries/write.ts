import fs from 'node:fs';
import path from 'node:path';
import { SERVER_DIR, checkedInQueryFiles, generateQueryFiles } from './generate.ts';

// `npm run queries`: writes the SQL of the hot and money-moving queries beside their
// repositories and removes the files of repositories no longer shown.
const files = await generateQueryFiles();
for (const stale of checkedInQueryFiles().filter((f) => !files.has(f))) {
  fs.rmSync(path.join(SERVER_DIR, stale));
  console.log(`removed ${stale}`);
}
for (const [name, text] of files) {
  const file = path.join(SERVER_DIR, name);
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (before === text) continue;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`${before === null ? 'wrote' : 'updated'} ${name}`);
}
console.log(`${files.size} query files current`);
