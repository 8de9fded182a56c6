package io.linestore.bench.run;

import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * What one {@link JmhRun} will run, counted the way JMH's Runner expands its benchmark list: each
 * benchmark method the run's includes select, once per mode the run sets, times the product of the
 * number of values of every parameter the method has (the run's values where it sets the parameter,
 * the annotation's otherwise). One such method with one set of parameter values is one benchmark:
 * JMH runs it in {@link JmhRun#forks()} JVMs of its own. Immutable.
 *
 * @param run the run
 * @param benchmarks the run's benchmark classes the filter kept, in the run's order, each with its
 *     number of benchmarks
 */
public record PlannedRun(JmhRun run, List<ClassCount> benchmarks) {

    /**
     * The benchmarks of one benchmark class in a run.
     *
     * @param type the benchmark class
     * @param combinations its benchmarks: methods x modes x parameter combinations
     */
    public record ClassCount(Class<?> type, long combinations) {

        /**
         * Checks the arguments.
         *
         * @throws IllegalArgumentException if {@code combinations} is negative
         * @throws NullPointerException if {@code type} is null
         */
        public ClassCount {
            Objects.requireNonNull(type, "type");
            if (combinations < 0) {
                throw new IllegalArgumentException("combinations must be >= 0: " + combinations);
            }
        }
    }

    /**
     * Copies the list.
     *
     * @throws NullPointerException if an argument is null
     */
    public PlannedRun {
        Objects.requireNonNull(run, "run");
        benchmarks = List.copyOf(benchmarks);
    }

    /**
     * Returns how many benchmarks the run has in all.
     *
     * @return the sum over its classes
     */
    public long benchmarkCount() {
        return benchmarks.stream().mapToLong(ClassCount::combinations).sum();
    }

    /**
     * Counts what each run would run, without running anything. A run whose benchmarks the filter
     * all leaves out is left out, as {@link JmhRunner} leaves it out.
     *
     * @param runs the runs, in order
     * @param filter tests a benchmark class's simple name
     * @param list JMH's benchmark list, such as {@link BenchmarkList#defaultList()}
     * @return the runs that run something, in order
     */
    public static List<PlannedRun> plan(List<JmhRun> runs, Predicate<String> filter, BenchmarkList list) {
        OutputFormat silent = OutputFormatFactory.createFormatInstance(
                new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT);
        List<PlannedRun> planned = new ArrayList<>();
        for (JmhRun run : runs) {
            // The options JmhRunner hands JMH: the same includes, mode and parameter values.
            Optional<Options> options = run.options(filter, Path.of(run.name() + ".json"), VerboseMode.SILENT);
            if (options.isEmpty()) {
                continue;
            }
            List<ClassCount> counts = new ArrayList<>();
            for (Class<?> type : run.benchmarks()) {
                if (filter.test(type.getSimpleName())) {
                    counts.add(new ClassCount(type, count(list, silent, options.get(), type)));
                }
            }
            planned.add(new PlannedRun(run, counts));
        }
        return List.copyOf(planned);
    }

    private static long count(BenchmarkList list, OutputFormat silent, Options options, Class<?> type) {
        SortedSet<BenchmarkListEntry> found = list.find(silent, List.of(JmhRun.include(type)), List.of());
        // As Runner does: a mode set in the options replaces the annotations' modes, and entries that
        // become equal (one per mode of a method with several) run once.
        SortedSet<BenchmarkListEntry> moded = new TreeSet<>();
        Collection<Mode> modes = options.getBenchModes();
        for (BenchmarkListEntry entry : found) {
            if (modes.isEmpty()) {
                moded.add(entry);
            } else {
                modes.forEach(mode -> moded.add(entry.cloneWith(mode)));
            }
        }
        long total = 0;
        for (BenchmarkListEntry entry : moded) {
            long combinations = entry.getMode() == Mode.All ? Mode.values().length - 1 : 1;
            if (entry.getParams().hasValue()) {
                for (Map.Entry<String, String[]> param : entry.getParams().get().entrySet()) {
                    combinations *= options.getParameter(param.getKey()).hasValue()
                            ? options.getParameter(param.getKey()).get().size() : param.getValue().length;
                }
            }
            total += combinations;
        }
        return total;
    }
}
