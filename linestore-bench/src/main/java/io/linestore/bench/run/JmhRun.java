package io.linestore.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * One JMH run of a plan: some benchmark classes in one mode with fixed parameters and iteration
 * settings. Immutable.
 *
 * @param name names the run's result file
 * @param benchmarks the benchmark classes
 * @param mode the benchmark mode
 * @param params parameter values by name; a benchmark without such a parameter ignores it
 * @param forks JVM forks per benchmark; 0 runs in this JVM
 * @param warmupIterations warmup iterations
 * @param warmupTime time per warmup iteration
 * @param measurementIterations measured iterations
 * @param measurementTime time per measured iteration
 */
public record JmhRun(
        String name,
        List<Class<?>> benchmarks,
        Mode mode,
        Map<String, List<String>> params,
        int forks,
        int warmupIterations,
        Duration warmupTime,
        int measurementIterations,
        Duration measurementTime) {

    /**
     * Copies the collections.
     *
     * @throws NullPointerException if an argument is null
     */
    public JmhRun {
        Objects.requireNonNull(name, "name");
        benchmarks = List.copyOf(benchmarks);
        Objects.requireNonNull(mode, "mode");
        params = Map.copyOf(params);
        Objects.requireNonNull(warmupTime, "warmupTime");
        Objects.requireNonNull(measurementTime, "measurementTime");
    }

    /**
     * Returns this run with more parameter values; {@code overrides} replace the run's own values
     * for the same name, except that a name the run fixed itself in {@code pinned} keeps its value.
     *
     * @param overrides parameter values by name
     * @param pinned parameter names whose values the run keeps
     * @return the changed run
     */
    public JmhRun withParams(Map<String, List<String>> overrides, List<String> pinned) {
        Map<String, List<String>> merged = new LinkedHashMap<>(params);
        overrides.forEach((key, values) -> {
            if (!pinned.contains(key)) {
                merged.put(key, values);
            }
        });
        return new JmhRun(name, benchmarks, mode, merged, forks, warmupIterations, warmupTime,
                measurementIterations, measurementTime);
    }

    /**
     * Returns this run with other iteration settings, each kept when not given.
     *
     * @param warmups warmup iterations, if given
     * @param measurements measured iterations, if given
     * @param time time per warmup and measured iteration, if given
     * @return the changed run
     */
    public JmhRun withIterations(Optional<Integer> warmups, Optional<Integer> measurements, Optional<Duration> time) {
        return new JmhRun(name, benchmarks, mode, params, forks, warmups.orElse(warmupIterations),
                time.orElse(warmupTime), measurements.orElse(measurementIterations), time.orElse(measurementTime));
    }

    /**
     * Returns the JMH options of this run for the benchmark classes whose simple name passes a
     * filter.
     *
     * @param filter tests a benchmark class's simple name
     * @param resultFile where JMH writes the run's JSON
     * @param verbosity how much JMH prints
     * @return the options, or empty when the filter keeps no benchmark
     */
    public Optional<Options> options(Predicate<String> filter, Path resultFile, VerboseMode verbosity) {
        List<Class<?>> kept = benchmarks.stream().filter(b -> filter.test(b.getSimpleName())).toList();
        if (kept.isEmpty()) {
            return Optional.empty();
        }
        ChainedOptionsBuilder options = new OptionsBuilder()
                .mode(mode)
                .forks(forks)
                .warmupIterations(warmupIterations)
                .warmupTime(TimeValue.milliseconds(warmupTime.toMillis()))
                .measurementIterations(measurementIterations)
                .measurementTime(TimeValue.milliseconds(measurementTime.toMillis()))
                .shouldFailOnError(true)
                .resultFormat(ResultFormatType.JSON)
                .result(resultFile.toString())
                .verbosity(verbosity)
                // JMH 1.37 still calls sun.misc.Unsafe and sqlite-jdbc loads a native library:
                // JDK 25 warns about both in every fork. Prepended, not appended: an option replaces the
                // annotation of its kind, and a benchmark's own @Fork(jvmArgsAppend), such as
                // EngineReadBenchmark's --add-opens for lmdbjava, must still reach its forks.
                .jvmArgsPrepend("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED");
        kept.forEach(b -> options.include(include(b)));
        params.forEach((key, values) -> options.param(key, values.toArray(String[]::new)));
        return Optional.of(options.build());
    }

    /**
     * Returns the JMH include pattern that selects a benchmark class's methods and nothing else:
     * JMH finds a pattern anywhere in a benchmark's name, and one class's name can begin another's.
     *
     * @param benchmark the benchmark class
     * @return a regular expression for JMH's includes
     */
    public static String include(Class<?> benchmark) {
        return Pattern.quote(benchmark.getName()) + "\\.";
    }
}
