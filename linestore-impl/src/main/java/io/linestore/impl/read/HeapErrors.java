package io.linestore.impl.read;

import java.nio.file.Path;

/**
 * The one way a read says that what it was asked for does not fit in the heap: an
 * {@link OutOfMemoryError} (it is one) whose message names the file, the lines, their size and the
 * heap's, and says what to do, instead of the JVM's bare "Java heap space".
 */
final class HeapErrors {

    private HeapErrors() {
    }

    /**
     * Names what did not fit.
     *
     * @param file the data file
     * @param lines which lines, as words ("lines from 5 of the shard")
     * @param bytes their size in bytes, as far as known
     * @param cause the JVM's error
     * @return the error to throw
     */
    static OutOfMemoryError tooLarge(Path file, String lines, long bytes, OutOfMemoryError cause) {
        OutOfMemoryError named = new OutOfMemoryError(lines + " of " + file + " take " + bytes + " bytes, more than"
                + " this JVM's heap can hold (at most " + Runtime.getRuntime().maxMemory() + " bytes): give it more"
                + " (-Xmx), or read fewer lines at a time, or a long line's bytes with readBytes through MMAP");
        named.initCause(cause);
        return named;
    }
}
