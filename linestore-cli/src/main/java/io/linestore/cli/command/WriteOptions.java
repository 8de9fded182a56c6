package io.linestore.cli.command;

import io.linestore.StoreOptions;
import io.linestore.cli.common.Sizes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The options of every command that writes lines or an index: write buffer and fsync. A picocli mixin. */
public final class WriteOptions {

    @Option(names = "--write-buffer", paramLabel = "SIZE", defaultValue = "1MiB",
            converter = Sizes.ByteSizeConverter.class,
            description = "Bytes buffered per file before each write, such as 64KiB or 8MiB; default: ${DEFAULT-VALUE}.")
    private long writeBuffer;

    @Option(names = "--fsync", description = "Force data and index to the device before publishing them.")
    private boolean fsync;

    /** Made by picocli. */
    public WriteOptions() {
    }

    /**
     * Checks the values and starts store options with them.
     *
     * @param spec the command, for the usage error
     * @return a builder with the write buffer and fsync set
     * @throws ParameterException naming the option and value if one is out of range
     */
    StoreOptions.Builder toBuilder(CommandSpec spec) {
        if (writeBuffer < 1 || writeBuffer > Integer.MAX_VALUE) {
            throw new ParameterException(spec.commandLine(),
                    "--write-buffer must be between 1 byte and 2 GiB, got " + writeBuffer);
        }
        return StoreOptions.builder()
                .writeBufferSize((int) writeBuffer)
                .fsync(fsync);
    }
}
