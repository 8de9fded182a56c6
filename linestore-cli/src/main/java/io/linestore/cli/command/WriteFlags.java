package io.linestore.cli.command;

import io.linestore.WriteOptions;
import io.linestore.cli.common.Sizes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The flags of every command that writes lines or an index, {@code --write-buffer} and
 * {@code --fsync}: the {@link WriteOptions} of the call. A picocli mixin.
 */
public final class WriteFlags {

    @Option(names = "--write-buffer", paramLabel = "SIZE", defaultValue = "1MiB",
            converter = Sizes.ByteSizeConverter.class,
            description = "Bytes buffered per file before each write, such as 64KiB or 8MiB; default: ${DEFAULT-VALUE}.")
    private long writeBuffer;

    @Option(names = "--fsync", description = "Force data and index to the device before publishing them.")
    private boolean fsync;

    /** Made by picocli. */
    public WriteFlags() {
    }

    /**
     * Checks the values and makes write options of them.
     *
     * @param spec the command, for the usage error
     * @return the write buffer and fsync, no progress listener
     * @throws ParameterException naming the option and value if one is out of range
     */
    WriteOptions toWriteOptions(CommandSpec spec) {
        if (writeBuffer < 1 || writeBuffer > Integer.MAX_VALUE) {
            throw new ParameterException(spec.commandLine(),
                    "--write-buffer must be between 1 byte and 2 GiB, got " + writeBuffer);
        }
        return WriteOptions.builder()
                .writeBufferSize((int) writeBuffer)
                .fsync(fsync)
                .build();
    }
}
