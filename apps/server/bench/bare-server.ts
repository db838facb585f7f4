import http from 'node:http';

/**
 * The yardstick of the pipeline bench (pipeline.ts): a bare node:http server in its own process
 * that answers each path with the status, headers and bytes the real app sent for it, and
 * nothing else. It gets those answers from the bench over IPC, listens on BENCH_PORT and says
 * `ready`.
 */
interface Answer {
  path: string;
  status: number;
  headers: Record<string, string>;
  /** The body as sent, base64. */
  body: string;
}

process.once('message', (answers: Answer[]) => {
  const byPath = new Map(
    answers.map((a) => [a.path, { ...a, bytes: Buffer.from(a.body, 'base64') }]),
  );
  const server = http.createServer((req, res) => {
    const answer = byPath.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers).end(answer.bytes);
  });
  server.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => process.send?.('ready'));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
});
