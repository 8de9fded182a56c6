package io.linestore.cli.command;

import picocli.CommandLine.Model.OptionSpec;

/** {@code --endpoint URL}: the S3 endpoint for {@code s3://} stores, instead of LINESTORE_S3_ENDPOINT or AWS's. */
final class EndpointOption {

    /** The option's help line. */
    static final String DESCRIPTION = "For s3:// stores: the S3 endpoint, such as http://127.0.0.1:8333 "
            + "(default: $LINESTORE_S3_ENDPOINT, else AWS S3).";

    private EndpointOption() {
    }

    /**
     * The option, for commands described to picocli without annotations.
     *
     * @return the option
     */
    static OptionSpec spec() {
        return OptionSpec.builder("--endpoint").paramLabel("URL").type(String.class).description(DESCRIPTION).build();
    }
}
