"""what a load read of each catalog file, kept beside its digest (a later load uses it
instead of parsing an unchanged file again)

Revision ID: 0009
Revises: 0008
"""

from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('catalog_files', schema=None) as batch_op:
        batch_op.add_column(sa.Column('head', sa.LargeBinary(), nullable=True))
        batch_op.add_column(sa.Column('body', sa.LargeBinary(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('catalog_files', schema=None) as batch_op:
        batch_op.drop_column('body')
        batch_op.drop_column('head')
