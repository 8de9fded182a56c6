package io.linestore.cli.common;

import java.util.Map;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The statuses every linestore command exits with, and their lines for picocli's
 * {@code exitCodeList} so that every command's help lists them in the same words.
 */
public final class ExitCodes {

    /** The command did what was asked. */
    public static final int OK = 0;

    /** The command failed: an I/O error, a damaged store, a problem {@code verify} found. */
    public static final int FAILURE = 1;

    /** The command line was wrong: an unknown option, a missing or malformed value. */
    public static final int USAGE = 2;

    /** The heading of the exit code list in a command's help. */
    public static final String HEADING = "%nExit codes:%n";

    /** {@link #OK} in a command's help. */
    public static final String OK_HELP = "0:success";

    /** {@link #FAILURE} in a command's help. */
    public static final String FAILURE_HELP = "1:failure: I/O error, damaged store, problems found by verify";

    /** {@link #USAGE} in a command's help. */
    public static final String USAGE_HELP = "2:bad usage: unknown option, missing or malformed value";

    private ExitCodes() {
    }

    /**
     * The exit code list for a command described without annotations, the same as
     * {@code exitCodeList = {OK_HELP, FAILURE_HELP, USAGE_HELP}}.
     *
     * @return each code's number and its description, in order
     */
    public static Map<String, String> list() {
        return UsageMessageSpec.keyValuesMap(OK_HELP, FAILURE_HELP, USAGE_HELP);
    }
}
