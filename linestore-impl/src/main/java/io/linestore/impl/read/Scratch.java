package io.linestore.impl.read;

/**
 * A thread's reusable byte array for reads, so that a read allocates nothing in proportion to its
 * range: each thread has one, grown to the largest window it has read (up to {@link #RETAINED_BYTES};
 * larger arrays are allocated for the read and dropped after it). Reads running in other threads never
 * share it, so it needs no lock.
 *
 * <p>{@link #take()} and {@link #release()} bracket a read: a visitor that starts another read on the
 * same thread while the first is using the array gets an array of its own, never the one under use.
 */
public final class Scratch {

    /** The largest array a thread keeps between reads: the default read buffer size, with room to spare. */
    static final int RETAINED_BYTES = 4 << 20;

    private static final ThreadLocal<Scratch> THREAD = ThreadLocal.withInitial(Scratch::new);

    private byte[] bytes = new byte[0];
    private long[] entries = new long[0];
    private boolean taken;

    private Scratch() {
    }

    /**
     * The thread's scratch, marked in use until {@link #release()}; a fresh one if it is in use already.
     *
     * @return the scratch
     */
    public static Scratch take() {
        Scratch scratch = THREAD.get();
        if (scratch.taken) {
            return new Scratch();
        }
        scratch.taken = true;
        return scratch;
    }

    /**
     * An array of at least {@code length} bytes, whose contents are undefined.
     *
     * @param length bytes needed, {@code >= 0}
     * @return the scratch array, or a new one when {@code length} is more than this thread keeps
     */
    public byte[] bytes(int length) {
        if (length <= bytes.length) {
            return bytes;
        }
        if (length > RETAINED_BYTES) {
            return new byte[length];
        }
        bytes = new byte[Math.min(RETAINED_BYTES, Math.max(length, 2 * bytes.length))];
        return bytes;
    }

    /**
     * An array of at least {@code length} longs, for index entries, whose contents are undefined.
     *
     * @param length entries needed, {@code >= 0}; callers keep it small (a window's lines)
     * @return the scratch array
     */
    public long[] entries(int length) {
        if (length > entries.length) {
            entries = new long[Math.max(length, 2 * entries.length)];
        }
        return entries;
    }

    /** Ends the read that took this scratch. */
    public void release() {
        taken = false;
    }
}
