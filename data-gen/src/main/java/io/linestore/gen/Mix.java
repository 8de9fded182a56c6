package io.linestore.gen;

/**
 * The 64-bit mixing function of SplitMix64 (Stafford's variant 13). Every random choice of the
 * generator is derived from it, so the output depends on nothing but the seed: no JDK random
 * generator whose algorithm could change between releases.
 */
final class Mix {

    /** The odd constant that spaces consecutive inputs (the golden ratio in 64-bit fixed point). */
    static final long GAMMA = 0x9E3779B97F4A7C15L;

    private Mix() {
    }

    /** Returns a well-mixed function of {@code z}; a bijection on 64-bit values. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Returns the {@code index}-th value of the stream keyed by {@code key}. */
    static long at(long key, long index) {
        return mix64(key + index * GAMMA);
    }
}
