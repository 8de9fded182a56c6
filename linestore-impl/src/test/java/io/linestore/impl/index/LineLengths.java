package io.linestore.impl.index;

import java.util.SplittableRandom;

/**
 * Line lengths (terminator included) to build line starts from, each the same for the same seed.
 */
enum LineLengths {

    /** Every line 2 bytes: one character and {@code \n}, the densest text there is. */
    FIXED_2 {
        @Override
        long next(SplittableRandom random) {
            return 2;
        }
    },

    /** Uniform over 33 to 161 bytes, data-gen's default (about 97 bytes on average). */
    UNIFORM_33_161 {
        @Override
        long next(SplittableRandom random) {
            return random.nextLong(33, 162);
        }
    },

    /** Log-normal, median 60 bytes, sigma 1: mostly short log lines and a long tail of stack traces. */
    LOGNORMAL_60 {
        @Override
        long next(SplittableRandom random) {
            return 1 + Math.round(Math.exp(Math.log(60) + random.nextGaussian()));
        }
    },

    /** Every line 64 KiB. */
    FIXED_64K {
        @Override
        long next(SplittableRandom random) {
            return 1 << 16;
        }
    };

    abstract long next(SplittableRandom random);

    /**
     * The start offsets of {@code lines} lines.
     *
     * @param lines how many, {@code >= 0}
     * @param seed the seed
     * @return {@code lines + 1} offsets: every line's start, then the end of the last line
     */
    long[] starts(int lines, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] starts = new long[lines + 1];
        for (int i = 1; i <= lines; i++) {
            starts[i] = starts[i - 1] + next(random);
        }
        return starts;
    }
}
