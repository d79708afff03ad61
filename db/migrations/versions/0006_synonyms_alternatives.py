"""quantity synonyms and alternative readings of facts

Revision ID: 0006
Revises: 0005
"""

from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('quantities', schema=None) as batch_op:
        batch_op.add_column(sa.Column('synonyms', sa.JSON(), nullable=False, server_default='[]'))
    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('alternatives', sa.JSON(), nullable=False, server_default='[]')
        )


def downgrade() -> None:
    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.drop_column('alternatives')
    with op.batch_alter_table('quantities', schema=None) as batch_op:
        batch_op.drop_column('synonyms')
