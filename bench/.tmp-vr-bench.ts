import run from '/work/main/bench/suites/virtual-radio';
const section = await run({ log: (l) => console.error(l), quick: process.env.BENCH_QUICK === '1' });
console.log(section.title); console.log(section.method); console.log(section.markdown);
process.exit(0);
