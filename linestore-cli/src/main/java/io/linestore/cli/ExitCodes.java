package io.linestore.cli;

/** The statuses {@code linestore} exits with; listed in every command's help. */
public final class ExitCodes {

    /** The command did what was asked. */
    public static final int OK = 0;

    /** The command failed: an I/O error, a damaged store, a problem {@code verify} found. */
    public static final int FAILURE = 1;

    /** The command line was wrong: an unknown option, a missing or malformed value. */
    public static final int USAGE = 2;

    private ExitCodes() {
    }
}
