package io.linestore.cli.command;

import io.linestore.cli.common.Sizes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The {@code --index-stride} option of the commands that make an index. A picocli mixin. */
public final class IndexStrideOption {

    @Option(names = "--index-stride", paramLabel = "K", defaultValue = "1", converter = Sizes.IntCountConverter.class,
            description = "1: an index entry per line (default); K > 1: one every K lines, a read scans "
                    + "up to K-1 lines; 0 (build only): no index, a read scans from the start of its shard.")
    private int indexStride;

    /** Made by picocli. */
    public IndexStrideOption() {
    }

    /**
     * Checks the stride.
     *
     * @param spec the command, for the usage error
     * @param minimum the smallest stride the command accepts
     * @return the stride
     * @throws ParameterException naming the option and value if it is below {@code minimum}
     */
    int stride(CommandSpec spec, int minimum) {
        if (indexStride < minimum) {
            throw new ParameterException(spec.commandLine(),
                    "--index-stride must be >= " + minimum + ", got " + indexStride);
        }
        return indexStride;
    }
}
