package io.linestore.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.bench.BuildBenchmark;
import io.linestore.bench.CopyBenchmark;
import io.linestore.bench.NaiveReadBenchmark;
import io.linestore.bench.ReadBenchmark;
import io.linestore.bench.SequentialIoBenchmark;
import io.linestore.bench.SqliteReadBenchmark;
import io.linestore.bench.run.PlannedRun.ClassCount;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;

/** Counting from JMH's benchmark list; that JMH runs as many is checked by the smoke test. */
class PlannedRunTest {

    private static final BenchmarkList LIST = BenchmarkList.defaultList();

    @Test
    void theQuickProfileIsCountedParameterByParameter() {
        List<PlannedRun> plan = PlannedRun.plan(BenchProfile.QUICK.runs(1_000_000, "/data", Map.of()),
                name -> true, LIST);

        assertThat(plan).extracting(p -> p.run().name()).containsExactly("reads", "latency", "io");
        // 2 layouts x 1 stride x 5 readers x 2 positions x 3 range sizes; 2 approaches x 2 x 3; 1 setting x 2 x 3.
        assertThat(plan.get(0).benchmarks()).containsExactly(new ClassCount(ReadBenchmark.class, 60),
                new ClassCount(NaiveReadBenchmark.class, 12), new ClassCount(SqliteReadBenchmark.class, 6));
        // One mode, not the two RangeReads declares; single-line reads only.
        assertThat(plan.get(1).benchmarks()).containsExactly(new ClassCount(ReadBenchmark.class, 20),
                new ClassCount(NaiveReadBenchmark.class, 4), new ClassCount(SqliteReadBenchmark.class, 2));
        // 3 methods x 5 ways x 2 buffer sizes; 2 layouts x 1 stride; copy and generate.
        assertThat(plan.get(2).benchmarks()).containsExactly(new ClassCount(SequentialIoBenchmark.class, 30),
                new ClassCount(BuildBenchmark.class, 2), new ClassCount(CopyBenchmark.class, 2));
        assertThat(plan).extracting(PlannedRun::benchmarkCount).containsExactly(78L, 26L, 34L);
    }

    @Test
    void overridesChangeTheCountAndTheFilterDropsClassesAndEmptyRuns() {
        List<PlannedRun> plan = PlannedRun.plan(BenchProfile.QUICK.runs(1_000, "", Map.of(
                "method", List.of("MMAP"), "rangeSize", List.of("1", "100"))),
                name -> name.startsWith("Read"), LIST);

        assertThat(plan).extracting(p -> p.run().name()).containsExactly("reads", "latency");
        // 2 layouts x 1 reader x 2 positions x 2 sizes; the latency run keeps its single size.
        assertThat(plan.get(0).benchmarks()).containsExactly(new ClassCount(ReadBenchmark.class, 8));
        assertThat(plan.get(1).benchmarks()).containsExactly(new ClassCount(ReadBenchmark.class, 4));
    }

    @Test
    void withoutAModeOfItsOwnARunCountsEveryModeTheAnnotationsDeclare() {
        JmhRun run = BenchProfile.QUICK.runs(1_000, "", Map.of()).getFirst();
        JmhRun bothModes = new JmhRun(run.name(), List.of(ReadBenchmark.class), org.openjdk.jmh.annotations.Mode.All,
                run.params(), 1, 0, run.warmupTime(), 1, run.measurementTime());

        List<PlannedRun> plan = PlannedRun.plan(List.of(bothModes), name -> true, LIST);

        // Mode.All in the options: each of JMH's four modes once, not once per declared mode.
        assertThat(plan.getFirst().benchmarkCount()).isEqualTo(60L * 4);
    }
}
