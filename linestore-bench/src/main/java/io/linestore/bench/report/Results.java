package io.linestore.bench.report;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A set of JMH results to look scores up in, by benchmark and parameters. Immutable.
 *
 * @param all every result, in file order
 */
public record Results(List<JmhResult> all) {

    /**
     * Copies the list.
     *
     * @throws NullPointerException if {@code all} is null
     */
    public Results {
        all = List.copyOf(Objects.requireNonNull(all, "all"));
    }

    /**
     * Finds the result of a benchmark in a mode whose parameters include {@code params}.
     *
     * @param shortName {@code Class.method}
     * @param mode JMH's mode name
     * @param params parameter values the result must have; others are ignored
     * @return the first such result, if any
     */
    public Optional<JmhResult> find(String shortName, String mode, Map<String, String> params) {
        return all.stream()
                .filter(r -> r.shortName().equals(shortName) && r.mode().equals(mode))
                .filter(r -> params.entrySet().stream().allMatch(p -> r.param(p.getKey()).equals(p.getValue())))
                .findFirst();
    }

    /**
     * Returns the throughput score of the result {@link #find} finds.
     *
     * @param shortName {@code Class.method}
     * @param params parameter values the result must have
     * @return operations per second, or {@code NaN} when there is no such result
     */
    public double throughput(String shortName, Map<String, String> params) {
        return find(shortName, JmhResult.THROUGHPUT, params).map(JmhResult::score).orElse(Double.NaN);
    }

    /**
     * Returns the values a parameter takes among a benchmark's results, in natural order (numbers
     * by value).
     *
     * @param shortName {@code Class.method}
     * @param param the parameter
     * @return its distinct values; empty when the benchmark has no results
     */
    public List<String> values(String shortName, String param) {
        TreeSet<String> values = new TreeSet<>(Results::compareValues);
        all.stream().filter(r -> r.shortName().equals(shortName))
                .map(r -> r.param(param)).filter(v -> !v.isEmpty()).forEach(values::add);
        return List.copyOf(values);
    }

    private static int compareValues(String a, String b) {
        boolean numbers = a.matches("\\d+") && b.matches("\\d+");
        return numbers ? Long.compare(Long.parseLong(a), Long.parseLong(b)) : a.compareTo(b);
    }
}
