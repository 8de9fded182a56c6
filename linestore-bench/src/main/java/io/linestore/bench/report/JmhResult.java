package io.linestore.bench.report;

import java.util.Map;
import java.util.Objects;

/**
 * One row of a JMH JSON result file: a benchmark method in one mode with one set of parameters.
 *
 * @param benchmark the fully qualified benchmark method, {@code io.linestore.bench.ReadBenchmark.read}
 * @param mode JMH's short mode name: {@code thrpt}, {@code sample}, {@code avgt}, {@code ss}
 * @param params the parameter values, by name; empty when the benchmark has none
 * @param score the primary score
 * @param scoreError the half-width of the 99.9% confidence interval; {@code NaN} when JMH had too
 *     few iterations to give one
 * @param unit the score's unit, {@code ops/s} or {@code s/op}
 * @param percentiles the sample-time percentiles, keyed by JMH's {@code "50.0"}, {@code "99.0"};
 *     empty for other modes
 * @param jdkVersion the JDK the benchmark ran on
 */
public record JmhResult(
        String benchmark,
        String mode,
        Map<String, String> params,
        double score,
        double scoreError,
        String unit,
        Map<String, Double> percentiles,
        String jdkVersion) {

    /** JMH's name for throughput mode. */
    public static final String THROUGHPUT = "thrpt";

    /** JMH's name for sample-time mode. */
    public static final String SAMPLE = "sample";

    /**
     * Copies the maps.
     *
     * @throws NullPointerException if any argument but the numbers is null
     */
    public JmhResult {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(mode, "mode");
        params = Map.copyOf(params);
        Objects.requireNonNull(unit, "unit");
        percentiles = Map.copyOf(percentiles);
        Objects.requireNonNull(jdkVersion, "jdkVersion");
    }

    /**
     * Returns the class and method, without the package: {@code ReadBenchmark.read}.
     *
     * @return the short benchmark name
     */
    public String shortName() {
        int method = benchmark.lastIndexOf('.');
        int type = benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }

    /**
     * Returns a parameter's value.
     *
     * @param name the parameter
     * @return its value, or {@code ""} when the benchmark has no such parameter
     */
    public String param(String name) {
        return params.getOrDefault(name, "");
    }

    /**
     * Returns a sample-time percentile in microseconds.
     *
     * @param percentile JMH's key, {@code "50.0"} or {@code "99.0"}
     * @return microseconds, or {@code NaN} when the result has no such percentile
     */
    public double percentileMicros(String percentile) {
        Double value = percentiles.get(percentile);
        return value == null ? Double.NaN : value * microsPerUnit();
    }

    private double microsPerUnit() {
        return switch (unit) {
            case "s/op" -> 1e6;
            case "ms/op" -> 1e3;
            case "us/op" -> 1;
            case "ns/op" -> 1e-3;
            default -> throw new IllegalStateException("not a time unit in " + benchmark + ": " + unit);
        };
    }
}
