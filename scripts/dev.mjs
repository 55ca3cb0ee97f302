// `npm run dev`: the API with reload on change and the web app on Vite's dev server
// (http://localhost:5173, proxying /api and /socket.io to the API), stopped together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@carbonledger/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@carbonledger/web'], { stdio: 'inherit' }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
