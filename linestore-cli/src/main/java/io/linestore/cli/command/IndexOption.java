package io.linestore.cli.command;

import io.linestore.IndexKind;
import io.linestore.cli.common.Sizes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The {@code --index} option of the commands that make an index, and {@code --index-stride}, the
 * stride form of format version 1 that build commands printed by {@code recommend} use. A picocli
 * mixin.
 */
public final class IndexOption {

    @Option(names = "--index", paramLabel = "KIND",
            description = "dense (default; sparse:1024 for a gzip or zstd file indexed in place): 8 bytes per line; compact: every line in constant time in about "
                    + "1.3 bytes per line of 100 bytes; sparse:K: 8 bytes every K lines, a read scans up to K-1 "
                    + "lines before and after those it returns; "
                    + "none (build only): no index, a read scans from the start of its shard.")
    private String index;

    @Option(names = "--index-stride", paramLabel = "K", converter = Sizes.IntCountConverter.class,
            description = "An 8-byte index entry every K lines: 1 is --index dense, K > 1 --index sparse:K, "
                    + "0 --index none.")
    private Integer indexStride;

    /** Made by picocli. */
    public IndexOption() {
    }

    /**
     * The index kind the options name.
     *
     * @param spec the command, for the usage error
     * @param allowNone whether the command accepts no index
     * @param fallback the kind when neither option is given; may be {@code null}
     * @return the kind, {@code fallback} when neither option is given
     * @throws ParameterException naming the option and value if it is malformed, both are given, or
     *     it names no index where one is needed
     */
    IndexKind kind(CommandSpec spec, boolean allowNone, IndexKind fallback) {
        if (index != null && indexStride != null) {
            throw new ParameterException(spec.commandLine(), "give --index or --index-stride, not both");
        }
        IndexKind kind;
        try {
            kind = index != null ? IndexKind.parse(index)
                    : indexStride != null ? IndexKind.ofStride(indexStride) : fallback;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(),
                    (index != null ? "--index: " : "--index-stride: ") + e.getMessage());
        }
        if (!allowNone && IndexKind.NONE.equals(kind)) {
            throw new ParameterException(spec.commandLine(), (index != null ? "--index " + index
                    : "--index-stride " + indexStride) + ": a file indexed in place needs an index");
        }
        return kind;
    }
}
