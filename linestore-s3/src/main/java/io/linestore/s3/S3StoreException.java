package io.linestore.s3;

import io.linestore.LineStoreException;

/**
 * A request to the object store failed in a way a user can act on: the server is down or the
 * endpoint wrong, the credentials are refused, the bucket or key is missing. The message is one
 * line naming the endpoint, bucket or key and what to check.
 */
public final class S3StoreException extends LineStoreException {

    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception.
     *
     * @param message one line: what failed, on which resource, and what to check
     * @param cause the SDK's exception, or {@code null}
     */
    public S3StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
