package io.linestore.bench.recommend;

import java.util.Arrays;
import java.util.List;

/**
 * The median of repeated trials and a distribution-free confidence interval for it, taken from the
 * trials' order statistics: with {@code n} trials, {@code [x(k), x(n+1-k)]} holds the true median
 * with probability {@code 1 - 2 P(B < k)}, {@code B ~ Binomial(n, 1/2)}, whatever the noise's
 * distribution. The widest {@code k} whose coverage is at least {@value #CONFIDENCE} is used; with
 * five trials or fewer no such {@code k} exists and the interval is the whole range of the trials.
 * Infinite values are allowed (a crossover that never happens). Immutable.
 *
 * @param median the median of the trials
 * @param low the interval's lower end, {@code <= median}
 * @param high the interval's upper end, {@code >= median}
 */
public record Interval(double median, double low, double high) {

    /** The interval's nominal coverage. */
    public static final double CONFIDENCE = 0.95;

    /**
     * Checks the order.
     *
     * @throws IllegalArgumentException if {@code low <= median <= high} does not hold or a value
     *     is NaN
     */
    public Interval {
        if (!(low <= median && median <= high)) {
            throw new IllegalArgumentException("interval must satisfy low <= median <= high: " + low + ", "
                    + median + ", " + high);
        }
    }

    /**
     * Returns the median of {@code trials} and its interval.
     *
     * @param trials one value per trial, none NaN
     * @return the median and its {@value #CONFIDENCE} interval
     * @throws IllegalArgumentException if {@code trials} is empty or holds NaN
     */
    public static Interval ofMedian(List<Double> trials) {
        double[] sorted = trials.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        if (n == 0 || Arrays.stream(sorted).anyMatch(Double::isNaN)) {
            throw new IllegalArgumentException("trials must be non-empty and hold no NaN: " + trials);
        }
        double median = n % 2 == 1 ? sorted[n / 2] : midpoint(sorted[n / 2 - 1], sorted[n / 2]);
        int k = 1;
        while (k + 1 <= (n + 1) / 2 && 1 - 2 * binomialBelow(n, k + 1) >= CONFIDENCE) {
            k++;
        }
        return new Interval(median, sorted[k - 1], sorted[n - k]);
    }

    /** An infinite neighbour must not turn the midpoint into NaN (infinity minus infinity). */
    private static double midpoint(double a, double b) {
        return a == b ? a : a / 2 + b / 2;
    }

    /** {@code P(B < k)} for {@code B ~ Binomial(n, 1/2)}. */
    private static double binomialBelow(int n, int k) {
        double sum = 0;
        double term = Math.pow(0.5, n);
        for (int i = 0; i < k; i++) {
            sum += term;
            term = term * (n - i) / (i + 1);
        }
        return sum;
    }
}
