package io.linestore.bench.run;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How long {@code bench} expects a plan to take; the dry run's estimate and the progress ETA both
 * come from here. The model, for the time-based modes every run uses:
 *
 * <pre>
 * benchmark = forks x (fork start + (warmups x warmup time + measurements x measurement time))
 *             (forks 0: the iterations alone, run in this JVM)
 * run       = run setup + benchmarks x benchmark
 * plan      = the sum of its runs
 * </pre>
 *
 * <p>The fork start is everything a forked benchmark costs beyond its iterations: the JVM's start,
 * JMH's hand-shake, the trial's set-up (opening a store, drawing offsets, checking a read) and
 * tear-down. The run setup is what a run costs beyond its benchmarks: JMH reading its benchmark
 * list, and generating the data a run's benchmarks need on their first use of a data directory
 * (kept for later runs, which therefore finish earlier than estimated). Immutable.
 *
 * @param forkStart the cost of each fork beyond its iterations
 * @param runSetup the cost of each run beyond its benchmarks
 */
public record DurationModel(Duration forkStart, Duration runSetup) {

    /**
     * The quick profile's model, calibrated on one measured quick profile from an empty data
     * directory (2 cores, AMD EPYC, JDK 25, load average 1.6 to 2.1): its runs took 121 s (78 forked
     * benchmarks), 41 s (26 forked) and 41 s (34 in this JVM), each benchmark with 0.9 s of
     * iterations; the least-squares fit of those three durations less their iterations gives 0.55 s
     * a fork and 8 s a run (most of it generating the data, the rest JMH's start and, in this JVM,
     * the trials' set-ups). A busier machine takes longer; the ETA corrects for that as it goes.
     */
    public static final DurationModel QUICK = new DurationModel(Duration.ofMillis(550), Duration.ofSeconds(8));

    /**
     * The full profile's model, calibrated on one measured full profile from an empty data directory
     * (2 cores, AMD EPYC, JDK 25; load average 2.1 at its start and 1.3 at its end, other builds
     * running for part of it): its runs took 6,444 s (1,608 forked benchmarks, generating the stores
     * and the engines' copies on first use), 1,002 s (296), 230 s (69), 21 s (8) and 229 s (61),
     * 7,926 s in all (2 h 12 min), each benchmark with 2 s of iterations. With the quick model's 8 s
     * a run, 1.86 s a fork reproduces that total (a least-squares fit of the five runs makes a run's
     * setup negative: the first run's data generation lies in its trials, so in its forks). A fork
     * costs more than a quick one: its trials open stores of 10,000,000 lines, and its builds and
     * copies of a gigabyte outlast their iterations.
     */
    public static final DurationModel FULL = new DurationModel(Duration.ofMillis(1_860), Duration.ofSeconds(8));

    /**
     * Checks the arguments.
     *
     * @throws IllegalArgumentException if a duration is negative
     * @throws NullPointerException if an argument is null
     */
    public DurationModel {
        if (Objects.requireNonNull(forkStart, "forkStart").isNegative()
                || Objects.requireNonNull(runSetup, "runSetup").isNegative()) {
            throw new IllegalArgumentException("durations must not be negative: " + forkStart + ", " + runSetup);
        }
    }

    /**
     * Returns what one benchmark of a run costs: all its forks.
     *
     * @param run the run
     * @return its expected duration
     */
    public Duration benchmark(JmhRun run) {
        Duration iterations = run.warmupTime().multipliedBy(run.warmupIterations())
                .plus(run.measurementTime().multipliedBy(run.measurementIterations()));
        return run.forks() == 0 ? iterations : forkStart.plus(iterations).multipliedBy(run.forks());
    }

    /**
     * Returns what a run costs: its setup and its benchmarks.
     *
     * @param run the planned run
     * @return its expected duration
     */
    public Duration run(PlannedRun run) {
        return runSetup.plus(benchmark(run.run()).multipliedBy(run.benchmarkCount()));
    }

    /**
     * Returns what a plan costs.
     *
     * @param plan the planned runs
     * @return the sum of their expected durations
     */
    public Duration total(List<PlannedRun> plan) {
        return plan.stream().map(this::run).reduce(Duration.ZERO, Duration::plus);
    }

    /**
     * Describes the model with its figures, for the dry run.
     *
     * @return one sentence
     */
    public String describe() {
        return String.format(Locale.ROOT, "each benchmark forks x (%.2f s fork start + warmups x warmup time"
                + " + measurements x measurement time), forks 0 the iterations alone; each run %.1f s of setup",
                forkStart.toMillis() / 1000.0, runSetup.toMillis() / 1000.0);
    }

    /**
     * Formats a duration for people, rounded to the second below an hour and to the minute above:
     * {@code 45s}, {@code 3m05s}, {@code 1h52m}.
     *
     * @param duration a duration, not negative
     * @return the text
     * @throws IllegalArgumentException if the duration is negative
     */
    public static String format(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("negative duration: " + duration);
        }
        long seconds = duration.plusMillis(500).toSeconds();
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
        }
        long minutes = (seconds + 30) / 60;
        return String.format(Locale.ROOT, "%dh%02dm", minutes / 60, minutes % 60);
    }
}
