package io.linestore.bench.run;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a plan is, counted from {@link RunListener} calls: the run under way, the benchmarks done
 * and left, and an ETA. The ETA is the {@link DurationModel}'s estimate of what is left, scaled,
 * once a tenth of the modelled time is done, by the elapsed time over the model's estimate of what
 * is done: a machine busier than the model's moves the ETA out as the run goes. Before that tenth
 * the model's estimate stands alone: the first benchmarks generate the data, and one of them says
 * little of the rest. Time is passed in, never read from a clock, so that the figures depend on
 * the calls alone. Thread-safe.
 */
public final class BenchProgress implements RunListener {

    private final List<PlannedRun> plan;
    private final DurationModel model;
    private final long benchmarks;
    private int run = -1;
    private long doneInRun;
    private long doneBefore;
    private String current = "";

    /**
     * Starts before the first run.
     *
     * @param plan the runs that will run, in order
     * @param model the duration model
     * @throws NullPointerException if an argument is null
     */
    public BenchProgress(List<PlannedRun> plan, DurationModel model) {
        this.plan = List.copyOf(plan);
        this.model = Objects.requireNonNull(model, "model");
        this.benchmarks = this.plan.stream().mapToLong(PlannedRun::benchmarkCount).sum();
    }

    /**
     * Moves to the planned run of the same name.
     *
     * @throws IllegalArgumentException if the plan has no run of that name
     */
    @Override
    public synchronized void runStarted(JmhRun started) {
        int index = -1;
        for (int i = 0; i < plan.size() && index < 0; i++) {
            if (plan.get(i).run().name().equals(started.name())) {
                index = i;
            }
        }
        if (index < 0) {
            throw new IllegalArgumentException("run " + started.name() + " is not in the plan");
        }
        doneBefore = plan.subList(0, index).stream().mapToLong(PlannedRun::benchmarkCount).sum();
        run = index;
        doneInRun = 0;
        current = "";
    }

    @Override
    public synchronized void benchmarkStarted(String benchmark) {
        current = Objects.requireNonNull(benchmark, "benchmark");
    }

    @Override
    public synchronized void benchmarkFinished() {
        if (run >= 0 && doneInRun < plan.get(run).benchmarkCount()) {
            doneInRun++;
        }
        current = "";
    }

    /**
     * Returns how many benchmarks the plan has.
     *
     * @return benchmarks in all runs
     */
    public long benchmarks() {
        return benchmarks;
    }

    /**
     * Returns how many benchmarks have finished.
     *
     * @return benchmarks done, in all runs
     */
    public synchronized long done() {
        return doneBefore + doneInRun;
    }

    /**
     * Returns the model's estimate of the work done: the runs before this one whole, this one's
     * setup once a benchmark of it finished, and its finished benchmarks.
     *
     * @return the modelled duration of what is done
     */
    public synchronized Duration modelledDone() {
        Duration done = plan.subList(0, Math.max(run, 0)).stream().map(model::run).reduce(Duration.ZERO, Duration::plus);
        if (run >= 0 && doneInRun > 0) {
            done = done.plus(model.runSetup()).plus(model.benchmark(plan.get(run).run()).multipliedBy(doneInRun));
        }
        return done;
    }

    /**
     * Returns the model's estimate of what is left.
     *
     * @return the modelled duration of the rest, never negative
     */
    public synchronized Duration modelledLeft() {
        Duration left = model.total(plan).minus(modelledDone());
        return left.isNegative() ? Duration.ZERO : left;
    }

    /**
     * Returns the expected time to the end: {@link #modelledLeft()} times the elapsed time over
     * {@link #modelledDone()}, or the modelled rest alone while less than a tenth of the modelled
     * time is done.
     *
     * @param elapsed the time since the first run started
     * @return the time left
     * @throws IllegalArgumentException if {@code elapsed} is negative
     */
    public synchronized Duration eta(Duration elapsed) {
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("negative elapsed time: " + elapsed);
        }
        Duration left = modelledLeft();
        Duration done = modelledDone();
        if (done.multipliedBy(10).compareTo(model.total(plan)) < 0 || elapsed.isZero()) {
            return left;
        }
        return Duration.ofNanos(Math.round(left.toNanos() * ((double) elapsed.toNanos() / done.toNanos())));
    }

    /**
     * Describes the progress in one line: the run (name and number), its benchmarks done, the
     * benchmark under way, the benchmarks left in all runs and the ETA.
     *
     * @param elapsed the time since the first run started
     * @return such as {@code reads (run 1 of 3): 12 of 78 done, at ReadBenchmark.read; 126 benchmarks
     *     left; ETA 3m10s}
     */
    public synchronized String describe(Duration elapsed) {
        String eta = "ETA " + DurationModel.format(eta(elapsed));
        if (run < 0) {
            return String.format(Locale.ROOT, "starting: %,d benchmarks in %d runs; %s", benchmarks, plan.size(), eta);
        }
        PlannedRun planned = plan.get(run);
        return String.format(Locale.ROOT, "%s (run %d of %d): %,d of %,d done%s; %,d benchmarks left; %s",
                planned.run().name(), run + 1, plan.size(), doneInRun, planned.benchmarkCount(),
                current.isEmpty() ? "" : ", at " + current, benchmarks - done(), eta);
    }

    /**
     * Describes the progress briefly, for a progress bar that shows the benchmarks done itself: the
     * run (name and number), the benchmarks left in all runs and the ETA.
     *
     * @param elapsed the time since the first run started
     * @return such as {@code reads (run 1 of 3), 126 left, ETA 3m10s}
     */
    public synchronized String brief(Duration elapsed) {
        String eta = "ETA " + DurationModel.format(eta(elapsed));
        return run < 0 ? String.format(Locale.ROOT, "starting, %s", eta)
                : String.format(Locale.ROOT, "%s (run %d of %d), %,d left, %s", plan.get(run).run().name(), run + 1,
                        plan.size(), benchmarks - done(), eta);
    }
}
