import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, `Tests: N passed, N failed, N skipped`, that CI reads, after
 * the time each project took and its slowest files: CI has a time budget, and a log that says
 * where the minutes went is where trimming starts.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const byProject = new Map<string, { seconds: number; files: { name: string; seconds: number }[] }>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      const d = module.diagnostic();
      const seconds = (d.collectDuration + d.setupDuration + d.duration) / 1000;
      const project = module.project.name || 'default';
      const entry = byProject.get(project) ?? { seconds: 0, files: [] };
      entry.seconds += seconds;
      entry.files.push({ name: module.relativeModuleId, seconds });
      byProject.set(project, entry);
    }
    console.log('\nTime per project (sum over files; files of a project may run in parallel):');
    for (const [project, { seconds, files }] of byProject) {
      console.log(`  ${project}: ${seconds.toFixed(0)} s in ${files.length} files; slowest:`);
      for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 8))
        console.log(`    ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
    }
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
