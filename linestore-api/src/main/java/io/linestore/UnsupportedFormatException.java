package io.linestore;

import java.io.Serial;
import java.nio.file.Path;

/**
 * A store was written in a format version this library cannot read, or a file is in a form it cannot
 * index (a compressed file that cannot be entered in the middle).
 */
public final class UnsupportedFormatException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes an exception.
     *
     * @param file the manifest or index that names the version
     * @param found the version found
     * @param supported the version this library reads
     */
    public UnsupportedFormatException(Path file, long found, int supported) {
        super("unsupported format version " + found + " in " + file + " (this linestore reads version "
                + supported + ")");
    }

    /**
     * Makes an exception for a file in a form this library cannot use.
     *
     * @param message what the file is and the ways out, naming the file
     */
    public UnsupportedFormatException(String message) {
        super(message);
    }
}
