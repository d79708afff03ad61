"""explicit precision and a source's own arithmetic on facts; acknowledged findings;
derivations made with an alternative reading of an input

Revision ID: 0007
Revises: 0006
"""

from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('precision', sa.Text(), nullable=True))
        batch_op.add_column(
            sa.Column('computed_from', sa.JSON(), nullable=False, server_default='[]')
        )
    with op.batch_alter_table('derivations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reading', sa.Text(), nullable=True))
    op.create_table(
        'acknowledgements',
        sa.Column('finding', sa.String(length=400), nullable=False),
        sa.Column('reason', sa.Text(), nullable=False),
        sa.Column('date', sa.Date(), nullable=True),
        sa.Column('numbers', sa.Text(), nullable=True),
        sa.Column('file', sa.String(length=500), nullable=False),
        sa.Column('line', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('finding', name=op.f('pk_acknowledgements')),
    )


def downgrade() -> None:
    op.drop_table('acknowledgements')
    with op.batch_alter_table('derivations', schema=None) as batch_op:
        batch_op.drop_column('reading')
    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.drop_column('computed_from')
        batch_op.drop_column('precision')
