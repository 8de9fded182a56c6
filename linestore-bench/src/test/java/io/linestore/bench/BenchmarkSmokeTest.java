package io.linestore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.ReadMethod;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.report.JmhResult;
import io.linestore.bench.report.JmhResults;
import io.linestore.bench.report.Report;
import io.linestore.bench.run.BenchProfile;
import io.linestore.bench.run.JmhRun;
import io.linestore.bench.run.JmhRunner;
import io.linestore.bench.run.PlannedRun;
import io.linestore.bench.run.RunListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs every benchmark once, the way {@code bench} runs them, on a tiny store with one 10 ms
 * iteration: a broken benchmark (or one whose result check fails) fails the build.
 */
class BenchmarkSmokeTest {

    @TempDir
    Path dir;

    @Test
    void everyBenchmarkRunsAndItsResultsMakeAReport() {
        List<JmhRun> runs = BenchProfile.SMOKE.runs(BenchProfile.SMOKE.lines(), dir.resolve("data").toString(),
                Map.of());
        List<PlannedRun> plan = PlannedRun.plan(runs, name -> true, BenchmarkList.defaultList());
        List<String> heard = new ArrayList<>();

        Path json = JmhRunner.run(runs, name -> true, dir.resolve("out"), VerboseMode.SILENT, new RunListener() {
            @Override
            public void runStarted(JmhRun run) {
                heard.add(run.name());
            }

            @Override
            public void benchmarkFinished() {
                heard.add("finished");
            }
        });

        List<JmhResult> results = JmhResults.read(json);
        // The plan counts what JMH ran, run by run, and the listener heard each run and benchmark.
        for (PlannedRun planned : plan) {
            assertThat(JmhResults.read(dir.resolve("out").resolve("jmh-" + planned.run().name() + ".json")))
                    .as(planned.run().name()).hasSize(Math.toIntExact(planned.benchmarkCount()));
        }
        assertThat(heard.stream().filter(h -> !h.equals("finished")).toList())
                .isEqualTo(plan.stream().map(p -> p.run().name()).toList());
        assertThat(heard.stream().filter(h -> h.equals("finished")).count()).isEqualTo((long) results.size());
        Set<String> ran = results.stream().map(JmhResult::benchmark).collect(Collectors.toCollection(TreeSet::new));
        assertThat(ran).isEqualTo(everyBenchmark());
        assertThat(results.stream().filter(r -> r.shortName().equals("ReadBenchmark.read"))
                .filter(r -> r.mode().equals(JmhResult.THROUGHPUT)))
                .hasSize(StoreLayout.values().length * IndexStride.values().length * ReadMethod.values().length);
        assertThat(results).allSatisfy(r -> assertThat(r.score()).isPositive());
        assertThat(Report.write(json, dir.resolve("out"))).allSatisfy(file -> assertThat(file).isNotEmptyFile());
        assertThat(Files.exists(dir.resolve("out").resolve("position-single-100.png"))).isTrue();
    }

    private static Set<String> everyBenchmark() {
        return BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of()).stream()
                .map(BenchmarkListEntry::getUsername)
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
