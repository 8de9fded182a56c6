package io.linestore.impl.gzip;

/** The system's zlib, which indexing gzip files in place calls, as others see it. */
public final class Zlib {

    private Zlib() {
    }

    /**
     * Whether gzip files can be indexed here, for {@code --version}: the system's zlib and its
     * library name, or why not. Links zlib if no index has yet.
     *
     * @return one phrase
     */
    public static String availability() {
        return Inflate.availability();
    }
}
