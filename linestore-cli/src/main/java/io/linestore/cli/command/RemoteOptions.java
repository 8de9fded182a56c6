package io.linestore.cli.command;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The options of commands that reach object storage ({@code s3://} stores and objects) or web
 * servers ({@code https://}): the endpoint, how long a request may wait and how often it is tried
 * again, and where a web server's file's index lies. Each becomes a system property, which
 * {@code linestore-s3} reads in place of its environment variable ({@link StoreArgument#open} the
 * index's). Annotated commands take it as a picocli mixin; commands described without
 * annotations add {@link Specs}.
 */
public final class RemoteOptions {

    private static final String ENDPOINT = "For s3:// stores: the S3 endpoint, such as http://127.0.0.1:8333 "
            + "(default: $LINESTORE_S3_ENDPOINT, else AWS S3).";
    private static final String TIMEOUT = "For s3:// and https:// sources: seconds a request waits for the server "
            + "to connect or send its next bytes before it is tried again (default: $LINESTORE_S3_TIMEOUT, else 4).";
    private static final String RETRIES = "For s3:// and https:// sources: how often a failed or timed-out request "
            + "is tried again (default: $LINESTORE_S3_RETRIES, else 2).";
    /** What {@code --index URL|DIR} of read, info and verify does. */
    static final String INDEX = "For an https:// file: its index (what linestore index FILE made, "
            + "FILE.lsidx/) as a URL or a local folder, when it is not served beside the file, as for a presigned URL "
            + "(default: URL.lsidx/).";

    @Option(names = "--endpoint", paramLabel = "URL", description = ENDPOINT)
    private String endpoint;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = TIMEOUT)
    private String timeout;

    @Option(names = "--retries", paramLabel = "N", description = RETRIES)
    private String retries;

    /** Made by picocli. */
    public RemoteOptions() {
    }

    /** Makes the options given the settings of this process. */
    void apply() {
        apply(null);
    }

    /**
     * Makes the options given the settings of this process, with a command's own {@code --index}.
     *
     * @param index {@code --index URL|DIR} of verify, or {@code null}
     */
    void apply(String index) {
        apply(endpoint, timeout, retries, index);
    }

    private static void apply(String endpoint, String timeout, String retries, String index) {
        set(StoreArgument.ENDPOINT_PROPERTY, endpoint);
        set("linestore.s3.timeout", timeout);
        set("linestore.s3.retries", retries);
        // Of this command only: a later command in the same process must not read with it.
        if (index == null || index.isBlank()) {
            System.clearProperty(StoreArgument.INDEX_PROPERTY);
        } else {
            System.setProperty(StoreArgument.INDEX_PROPERTY, index);
        }
    }

    private static void set(String property, String value) {
        if (value != null && !value.isBlank()) {
            System.setProperty(property, value);
        }
    }

    /**
     * The same options for a command described to picocli without annotations (read, info), with
     * {@code --index URL|DIR}.
     */
    static final class Specs {

        private final OptionSpec endpoint = option("--endpoint", "URL", ENDPOINT);
        private final OptionSpec timeout = option("--timeout", "SECONDS", TIMEOUT);
        private final OptionSpec retries = option("--retries", "N", RETRIES);
        private final OptionSpec index = option("--index", "URL|DIR", INDEX);

        /**
         * Adds the options to a command.
         *
         * @param spec the command
         */
        void addTo(CommandSpec spec) {
            spec.add(endpoint).add(timeout).add(retries).add(index);
        }

        /** Makes the options given the settings of this process. */
        void apply() {
            RemoteOptions.apply(endpoint.getValue(), timeout.getValue(), retries.getValue(), index.getValue());
        }

        private static OptionSpec option(String name, String label, String description) {
            return OptionSpec.builder(name).paramLabel(label).type(String.class).description(description).build();
        }
    }
}
