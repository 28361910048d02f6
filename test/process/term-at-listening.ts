// Preloaded into a `serve` child (serve-term-at-once.test.ts): the process sends itself SIGTERM the moment it prints
// its listening line, as a supervisor that stops it as soon as it reads that line may, at the worst moment.
const print = console.log
console.log = (...args: unknown[]) => {
  print(...args)
  if (String(args[0]).includes('"event":"listening"')) process.kill(process.pid, 'SIGTERM')
}
